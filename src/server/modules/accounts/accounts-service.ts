import type { IncomingHttpHeaders } from 'node:http';
import { webHeaders } from '#server/platform/http/web-request.ts';
import type { Auth } from './auth.ts';

/** The signed-in shopper as other modules see them. */
export interface SignedInUser {
  id: string;
  email: string;
  name: string;
}

/**
 * What other modules may ask of accounts: who is signed in. They never see better-auth, so the
 * identity service can change behind this file.
 */
export interface AccountsService {
  /** The user of the request's session cookie, or null when signed out or expired. */
  currentUser(headers: IncomingHttpHeaders): Promise<SignedInUser | null>;
}

export function createAccountsService(auth: Auth): AccountsService {
  return {
    async currentUser(headers) {
      const session = await auth.api.getSession({ headers: webHeaders(headers) });
      if (!session) return null;
      const { id, email, name } = session.user;
      return { id, email, name };
    },
  };
}
