/**
 * The limits of the account fields, apart from their zod schemas (auth-schemas.ts) so that a
 * form can state them without loading zod with the page.
 */

/** OWASP's floor for passwords without other rules; the server refuses shorter ones. */
export const MIN_PASSWORD_LENGTH = 12;
/** Long enough for any passphrase, short enough that hashing it costs nothing extra. */
export const MAX_PASSWORD_LENGTH = 128;
export const MAX_DISPLAY_NAME_LENGTH = 60;
