import { z } from './zod.ts';
import { isCountryCode } from './countries.ts';
import type { CardBrand } from './payment-cards.ts';
import type { PaymentLocale } from './payment-widget-core.ts';

/**
 * The contract of the card payment widget ("CrwnPay", served by src/server/payments under
 * /pay/v1/): the script the checkout page loads, the token it hands back, and the body the
 * widget's frame posts to the provider. See docs/decisions/011-payments-and-orders.md.
 */

// The parts the widget's browser scripts and the checkout page bundle live in
// payment-widget-core.ts, without zod.
export {
  PAYMENT_FRAME_PATH,
  PAYMENT_LOCALES,
  PAYMENT_PUBLISHABLE_KEY,
  PAYMENT_SCRIPT_PATH,
  PAYMENT_TOKENS_PATH,
  TEST_KEY_REQUIRED_MESSAGE,
  isPaymentLocale,
  isTestPublishableKey,
  resolvePaymentLocale,
  type PaymentLocale,
  type ResolvedPaymentLocale,
} from './payment-widget-core.ts';

/**
 * GET /api/payments/widget, on the shop's origin: where the checkout page loads the widget from.
 * The provider lives on an origin of its own (Config.PAYMENT_URL), which the prerendered pages
 * cannot know.
 */
export const paymentWidgetConfigSchema = z.object({
  /** The absolute URL of checkout.js on the provider's origin. */
  scriptUrl: z.string(),
});
export type PaymentWidgetConfig = z.infer<typeof paymentWidgetConfigSchema>;

/** A postal address as the widget collects it and the order keeps it. */
export const paymentAddressSchema = z.strictObject({
  name: z.string().trim().min(1, 'Enter the name for the address.').max(100),
  line1: z.string().trim().min(1, 'Enter the street address.').max(200),
  city: z.string().trim().min(1, 'Enter the city.').max(100),
  zip: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9][A-Za-z0-9 -]{1,8}[A-Za-z0-9]$/, 'Enter a valid postal code.'),
  /** An ISO 3166-1 alpha-2 code ('GB'): the widget offers the list, never free text. */
  country: z.string().refine(isCountryCode, 'Choose the country from the list.'),
});
export type PaymentAddress = z.infer<typeof paymentAddressSchema>;

/**
 * POST /pay/v1/tokens, sent by the widget's frame only. The card number and CVC travel here once
 * and are never stored or logged; unknown fields are refused.
 */
export const createTokenBodySchema = z.strictObject({
  key: z.string().max(120),
  card: z.strictObject({
    number: z.string().min(1).max(40),
    expMonth: z.number().int(),
    expYear: z.number().int(),
    cvc: z.string().min(1).max(8),
    zip: z.string().max(20).optional(),
  }),
  email: z.email('Enter a valid email address.').max(254),
  billingAddress: paymentAddressSchema.optional(),
  shippingAddress: paymentAddressSchema.optional(),
});
export type CreateTokenBody = z.infer<typeof createTokenBodySchema>;

/** What the widget knows of a card after tokenising it: never the number or the CVC. */
export interface PaymentCardSummary {
  brand: CardBrand;
  last4: string;
  expMonth: number;
  expYear: number;
}

/** The one-use token the widget hands to the `token` callback (and POST /pay/v1/tokens returns). */
export interface PaymentToken {
  /** `tok_` and 32 random characters; charge it once, within the shop's order request. */
  id: string;
  object: 'token';
  card: PaymentCardSummary;
  /** The email the shopper entered in the widget. */
  email: string;
  /** ISO 8601. */
  created: string;
}

/** The second argument of the `token` callback: the addresses, when the widget asked for them. */
export interface PaymentTokenArgs {
  billingAddress?: PaymentAddress;
  shippingAddress?: PaymentAddress;
}

/** An error body of /pay/v1/tokens (status 400, 401, 402 or 429). */
export interface PaymentErrorBody {
  error: {
    type: 'card_error' | 'invalid_request_error' | 'rate_limit_error';
    /** e.g. card_declined, insufficient_funds, expired_card, incorrect_cvc, invalid_number. */
    code: string;
    message: string;
    /** The field at fault, for invalid requests. */
    param?: string;
  };
}

/**
 * The options of `CrwnPay.configure(options)` (and of `handler.open(overrides)`), as the
 * checkout page passes them. Spec §7 and §9.
 */
export interface CrwnPayOptions {
  /** Publishable key; must start with `pk_test_`, or configure() throws. */
  key: string;
  /** Called once with the card's token after a successful entry; the widget then closes. */
  token: (token: PaymentToken, args: PaymentTokenArgs) => void;
  /** Integer cents, positive; required by open(). */
  amount?: number;
  /** ISO 4217, lower case; default 'usd'. */
  currency?: string;
  /** The merchant label in the widget's header. */
  name?: string;
  description?: string;
  /** URL of a square logo: https, or data:image (the frame is on the provider's origin). */
  image?: string;
  /** Prefills the email field. */
  email?: string;
  /** Default 'auto' (the browser's language). */
  locale?: PaymentLocale;
  billingAddress?: boolean;
  shippingAddress?: boolean;
  zipCode?: boolean;
  /** Pay button text in the panel; `{{amount}}` becomes the formatted amount. */
  panelLabel?: string;
  /** Text of the button createButton() makes; default 'Pay With Card'. */
  label?: string;
  opened?: () => void;
  closed?: () => void;
}

/**
 * What `CrwnPay.configure(options)` returns. `Button` is `HTMLButtonElement` in the browser
 * (shared code has no DOM types).
 */
export interface CrwnPayHandler<Button = unknown> {
  /** Opens the card form over the page; `overrides` replace options for this opening only. */
  open(overrides?: Partial<CrwnPayOptions>): void;
  /** Closes the card form, if open, without a token. */
  close(): void;
  /** A button (text: `label`) that calls open(); the page places it. */
  createButton(): Button;
}

/** `window.CrwnPay`, defined by /pay/v1/checkout.js. */
export interface CrwnPay<Button = unknown> {
  version: 1;
  /** Throws an Error whose message starts with `CrwnPay:` for bad options (e.g. a live key). */
  configure(options: CrwnPayOptions): CrwnPayHandler<Button>;
  /** The problems configure() would throw for, as messages; empty when the options are fine. */
  validateOptions(options: unknown, forOpen?: boolean): string[];
}

/**
 * The options checkout.js hands to the frame: those of `CrwnPayOptions` the card form shows,
 * checked on the page first. Callbacks never leave the page.
 */
export type PaymentFrameOptions = Pick<CrwnPayOptions, 'key'> & {
  amount: number;
  /** Lower case. */
  currency: string;
} & Pick<
    CrwnPayOptions,
    | 'name'
    | 'description'
    | 'image'
    | 'email'
    | 'billingAddress'
    | 'shippingAddress'
    | 'zipCode'
    | 'panelLabel'
  >;

/** Messages between the page (checkout.js) and the widget frame, all tagged `crwnPay: 1`. */
export type PaymentFrameMessage =
  | { crwnPay: 1; type: 'ready' }
  | { crwnPay: 1; type: 'configure'; options: PaymentFrameOptions }
  | { crwnPay: 1; type: 'token'; token: PaymentToken; args: PaymentTokenArgs }
  | { crwnPay: 1; type: 'close' };
