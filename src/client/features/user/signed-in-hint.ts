// See docs/decisions/022.
import { SIGNED_IN_HINT_COOKIE } from '#shared/signed-in-hint.ts';

/** The server's hint that this browser holds a session. */
const HINT = `(^|;\\s*)${SIGNED_IN_HINT_COOKIE}=1(;|$)`;

/** On <html> while the hint is there when the page starts: CSS keeps ACCOUNT's place then. */
export const SIGNED_IN_HINT_CLASS = 'signed-in-hint';

export function hasSignedInHint(): boolean {
  return typeof document !== 'undefined' && new RegExp(HINT).test(document.cookie);
}

/** For the page's <head>: marks <html> before the prerendered page is first drawn. */
export const SIGNED_IN_HINT_SCRIPT = `/${HINT}/.test(document.cookie)&&document.documentElement.classList.add('${SIGNED_IN_HINT_CLASS}')`;
