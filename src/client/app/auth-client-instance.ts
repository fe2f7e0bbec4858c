import type { AuthClient } from '#client/features/user/auth-client.ts';
import { createServerAuthClient } from '#client/features/user/server-auth-client.ts';

let browserClient: AuthClient | undefined;

/** Used while prerendering: no session exists at build time, and effects never run there. */
const buildTimeClient: AuthClient = {
  signInWithEmail: () => Promise.resolve(),
  signUpWithEmail: () => Promise.resolve(),
  signInWithGoogle: () => Promise.resolve(),
  signOut: () => Promise.resolve(),
  onAuthStateChanged: () => () => {},
};

/** The shop's auth client: one per page in the browser, talking to the shop's own server. */
export function getAuthClient(): AuthClient {
  if (typeof window === 'undefined') return buildTimeClient;
  browserClient ??= createServerAuthClient();
  return browserClient;
}
