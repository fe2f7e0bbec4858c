import { createContext, use } from 'react';
import type { CurrentUser } from './user-slice.ts';

export interface EmailCredentials {
  email: string;
  password: string;
}

export interface SignUpDetails extends EmailCredentials {
  displayName: string;
}

/**
 * What the shop needs of an identity service. Every method rejects with an AuthError whose
 * message can be shown to the shopper as it is.
 */
export interface AuthClient {
  signInWithEmail(credentials: EmailCredentials): Promise<void>;
  signUpWithEmail(details: SignUpDetails): Promise<void>;
  /** Opens the provider's popup, which always asks which account to use. */
  signInWithGoogle(): Promise<void>;
  /**
   * Ends the session, and tells this page and the shop's other tabs. With `sessionEnded`, the
   * server has ended it already (the account was deleted, a password reset): only tells them.
   */
  signOut(options?: { sessionEnded?: boolean }): Promise<void>;
  /** Calls back with the current user now and after every change; returns an unsubscribe. */
  onAuthStateChanged(listener: (user: CurrentUser | null) => void): () => void;
}

/** A failure the shopper should read: the message is written for them. */
export class AuthError extends Error {
  override name = 'AuthError';
}

/**
 * The shopper stopped a sign-in themselves (closed Google's window, or chose Cancel): not an
 * error, so forms say it calmly rather than as an alert. The message is written for them.
 */
export class SignInCancelled extends AuthError {
  override name = 'SignInCancelled';
}

export const AuthClientContext = createContext<AuthClient | null>(null);

export function useAuthClient(): AuthClient {
  const client = use(AuthClientContext);
  if (!client) throw new Error('useAuthClient must be used inside an AuthClientContext provider');
  return client;
}
