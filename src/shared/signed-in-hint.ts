/**
 * The cookie that tells page scripts whether this browser holds a session (ADR 022). The session
 * cookie itself is HttpOnly, so scripts cannot see it; this one carries no secret, only `1`. The
 * server sets it with every session it creates and clears it with every session that ends. It is
 * a hint: the server's answer to /api/auth/get-session still decides, and corrects a stale one.
 */
export const SIGNED_IN_HINT_COOKIE = 'crwn_signed_in';
