import { SIGNED_IN_HINT_COOKIE } from '#shared/signed-in-hint.ts';

/**
 * The server's hint that this browser holds a session (ADR 022). Without it there is no session,
 * so the page does not ask; with it, the session is asked for, and meanwhile the header and
 * /signin show nothing that could be wrong.
 */
const HINT = `(^|;\\s*)${SIGNED_IN_HINT_COOKIE}=1(;|$)`;

/** On <html> while the hint is there when the page starts: CSS keeps ACCOUNT's place then. */
export const SIGNED_IN_HINT_CLASS = 'signed-in-hint';

export function hasSignedInHint(): boolean {
  return typeof document !== 'undefined' && new RegExp(HINT).test(document.cookie);
}

/** For the page's <head>: marks <html> before the prerendered page is first drawn. */
export const SIGNED_IN_HINT_SCRIPT = `/${HINT}/.test(document.cookie)&&document.documentElement.classList.add('${SIGNED_IN_HINT_CLASS}')`;
