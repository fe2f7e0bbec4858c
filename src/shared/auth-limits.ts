/**
 * Lengths the account forms and the server both hold to. Apart from auth-schemas.ts so that a page
 * showing a limit does not load Zod with it (issue 11: no validation library in a first load).
 */

/** OWASP's floor for passwords without other rules; the server refuses shorter ones. */
export const MIN_PASSWORD_LENGTH = 12;
/** Long enough for any passphrase, short enough that hashing it costs nothing extra. */
export const MAX_PASSWORD_LENGTH = 128;
export const MAX_DISPLAY_NAME_LENGTH = 60;
