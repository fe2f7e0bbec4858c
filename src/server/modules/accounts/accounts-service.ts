import type { IncomingHttpHeaders } from 'node:http';
import { webHeaders } from '#server/platform/http/web-request.ts';
import type { Auth } from './auth.ts';
import type { SessionEnded, SessionEvents } from './session-events.ts';

export type { SessionEnded };

/** The signed-in shopper as other modules see them. */
export interface SignedInUser {
  id: string;
  email: string;
  name: string;
}

/** A live session: its id, to match against `onSessionEnded`, and its user. */
export interface SignedInSession {
  id: string;
  user: SignedInUser;
}

/**
 * What other modules may ask of accounts: who is signed in, and when a session ends. They never
 * see better-auth, so the identity service can change behind this file.
 */
export interface AccountsService {
  /** The user of the request's session cookie, or null when signed out or expired. */
  currentUser(headers: IncomingHttpHeaders): Promise<SignedInUser | null>;
  /** The request's session and its user, or null when signed out or expired. */
  currentSession(headers: IncomingHttpHeaders): Promise<SignedInSession | null>;
  /**
   * Calls `listener` at once whenever a session is deleted by any server of the shop (sign-out,
   * revocation, a password change that ends other sessions); returns the unsubscribe. Sessions
   * that merely expire, or are deleted behind better-auth's back, are not announced: anything
   * kept alive per session must also check `currentSession` itself.
   */
  onSessionEnded(listener: (ended: SessionEnded) => void): () => void;
}

export function createAccountsService(auth: Auth, sessionEvents: SessionEvents): AccountsService {
  const currentSession = async (headers: IncomingHttpHeaders) => {
    const found = await auth.api.getSession({ headers: webHeaders(headers) });
    if (!found) return null;
    const { id, email, name } = found.user;
    return { id: found.session.id, user: { id, email, name } };
  };
  return {
    currentSession,
    async currentUser(headers) {
      return (await currentSession(headers))?.user ?? null;
    },
    onSessionEnded: (listener) => sessionEvents.subscribe(listener),
  };
}
