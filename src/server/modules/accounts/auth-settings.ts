/**
 * What the rest of the server needs to know of better-auth's setup without loading it
 * (auth.ts imports better-auth, some 15 MiB once loaded; ADR 049).
 */

export const AUTH_BASE_PATH = '/api/auth';

/** How long a session lasts (better-auth's default, said here for the hint cookie, ADR 022). */
export const SESSION_MAX_AGE_SECONDS = 7 * 24 * 60 * 60;

/** The prefix of better-auth's cookies (`crwn.session_token`, `__Secure-crwn.session_token`). */
export const AUTH_COOKIE_PREFIX = 'crwn';

/**
 * False when the Cookie header `cookie` cannot hold a session: nothing in it is named like
 * better-auth's session token. Then nobody is signed in, and better-auth need not be asked (nor
 * loaded). True means only that it may: better-auth checks the cookie's signature and the
 * session. Deliberately loose (any mention of the name), so it never says no where better-auth
 * would have found a session.
 */
export function mayHaveSession(cookie: string | undefined): boolean {
  return cookie?.includes(`${AUTH_COOKIE_PREFIX}.session_token`) ?? false;
}
