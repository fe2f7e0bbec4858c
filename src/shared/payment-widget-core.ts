/**
 * The parts of the card widget's contract (payment-widget.ts) that its browser scripts run too:
 * where the provider serves them, which keys and languages it takes. No zod here, unlike
 * payment-widget.ts: the scripts bundle this file, and zod would add some 450 kB to each; the
 * checkout page takes its key from here so that no validation library is in its first load.
 */

/** Where the provider serves the widget script, on its own origin (Config.PAYMENT_URL). */
export const PAYMENT_SCRIPT_PATH = '/pay/v1/checkout.js';

/**
 * The card form that checkout.js opens in an iframe: `?locale=xx` picks its language,
 * `&origin=` names the opening page's origin, which must be the shop's.
 */
export const PAYMENT_FRAME_PATH = '/pay/v1/frame';

/** Where the card form posts the card for a token (same origin as the frame). */
export const PAYMENT_TOKENS_PATH = '/pay/v1/tokens';

/**
 * The shop's publishable key. Publishable keys are not secret (they only identify the merchant
 * to the widget); the test-mode provider accepts any key that starts with `pk_test_`.
 */
export const PAYMENT_PUBLISHABLE_KEY = 'pk_test_crwn_clothing';

const TEST_KEY = /^pk_test_[A-Za-z0-9_]{1,100}$/;

/** True for a test-mode publishable key, the only kind this provider accepts. */
export function isTestPublishableKey(key: unknown): key is string {
  return typeof key === 'string' && TEST_KEY.test(key);
}

export const TEST_KEY_REQUIRED_MESSAGE = 'CrwnPay: only test keys (pk_test_...) are accepted';

/** The widget's languages (spec §9); `auto` follows the browser, falling back to English. */
export const PAYMENT_LOCALES = [
  'auto',
  'zh',
  'da',
  'nl',
  'en',
  'fr',
  'de',
  'it',
  'ja',
  'no',
  'es',
  'sv',
] as const;
export type PaymentLocale = (typeof PAYMENT_LOCALES)[number];
export type ResolvedPaymentLocale = Exclude<PaymentLocale, 'auto'>;

export function isPaymentLocale(value: unknown): value is PaymentLocale {
  return typeof value === 'string' && (PAYMENT_LOCALES as readonly string[]).includes(value);
}

/**
 * Picks the widget language for a browser's preferred languages (`navigator.languages`, or the
 * tags of an Accept-Language header): the first one whose primary subtag the widget speaks.
 * Norwegian Bokmål and Nynorsk (`nb`, `nn`) count as `no`.
 */
export function resolvePaymentLocale(preferred: readonly string[]): ResolvedPaymentLocale {
  for (const tag of preferred) {
    const primary = tag.trim().toLowerCase().split(/[-_]/)[0] ?? '';
    const language = primary === 'nb' || primary === 'nn' ? 'no' : primary;
    if (isPaymentLocale(language) && language !== 'auto') return language;
  }
  return 'en';
}
