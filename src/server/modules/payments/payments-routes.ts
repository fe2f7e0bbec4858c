import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import {
  cardBrand,
  cardDigits,
  checkCardNumber,
  checkCvc,
  checkExpiry,
  checkZip,
  type CardFieldError,
} from '#shared/payment-cards.ts';
import {
  createTokenBodySchema,
  isPaymentLocale,
  isTestPublishableKey,
  PAYMENT_SCRIPT_PATH,
  resolvePaymentLocale,
  TEST_KEY_REQUIRED_MESSAGE,
  paymentWidgetConfigSchema,
  type PaymentErrorBody,
  type PaymentWidgetConfig,
  type ResolvedPaymentLocale,
} from '#shared/payment-widget.ts';
import type { CreateLimiter } from '#server/platform/rate-limit.ts';
import { renderFramePage, type Merchant } from './frame-page.ts';
import type { PaymentService } from './payments-service.ts';
import { loadWidgetScripts } from './widget-scripts.ts';
import { precompress, sendPrecompressed } from '#server/platform/http/precompressed.ts';

export const PAYMENT_BASE_PATH = '/pay/v1';

export interface PaymentsRoutesOptions {
  /** The shop's public address (Config.PUBLIC_URL): the only page that may embed the card form. */
  publicUrl: string;
  /**
   * The provider's own address (Config.PAYMENT_URL), another origin than the shop's: the routes
   * under /pay/v1/ answer on its host only (platform/http/separate-hosts.ts, ADR 019).
   */
  paymentUrl: string;
  /** Where the build put the widget's scripts (`build/widget`, beside the client's folder). */
  widgetDir: string;
  payments: PaymentService;
  createLimiter: CreateLimiter;
  /** Token requests per IP per minute, against card testing; default 30. */
  tokenAttemptsPerMinute?: number;
  /**
   * The merchant's name and logo as the card form shows them, as a provider keeps them with the
   * merchant's account (the shop's, from its settings: ADR 048). A page's own `name` and `image`
   * options win.
   */
  merchant?: () => Promise<Merchant>;
}

/** Field problems in English for API callers; the widget shows its own translations. */
const FIELD_MESSAGES: Record<CardFieldError, string> = {
  required: 'This field is required.',
  invalid_number: 'The card number is invalid.',
  invalid_expiry: "The card's expiry date is invalid.",
  expired_expiry: "The card's expiry date is in the past.",
  invalid_cvc: "The card's security code is invalid.",
  invalid_zip: 'The ZIP code is invalid.',
};

function sendError(reply: FastifyReply, status: number, error: PaymentErrorBody['error']) {
  return reply.status(status).send({ error } satisfies PaymentErrorBody);
}

/**
 * The test-mode card payment provider, hosted by the shop's process on an origin of its own
 * (`paymentUrl`), under /pay/v1/:
 *
 * - `GET /pay/v1/checkout.js`: the widget script (window.CrwnPay, see browser/checkout.ts);
 * - `GET /pay/v1/frame?locale=xx&origin=<shop origin>`: the card form the script opens in an
 *   iframe; it talks only to the shop's origin, and only the shop may embed it;
 * - `POST /pay/v1/tokens`: turns a card into a one-use token (called by the frame only, from
 *   its own origin).
 *
 * And on the shop's origin, `GET /api/payments/widget`: where the shop's page loads the widget
 * script from (`PaymentWidgetConfig`), since the prerendered pages cannot know PAYMENT_URL.
 *
 * The shop charges tokens through `createLocalPaymentProvider()` (payments-service.ts), against
 * the same database. Card numbers and CVCs are checked and dropped: only brand, last four digits,
 * expiry and the test outcome are stored. Register with `app.register(paymentsRoutes, …)`.
 */
export async function paymentsRoutes(
  app: FastifyInstance,
  {
    publicUrl,
    paymentUrl,
    widgetDir,
    payments,
    createLimiter,
    tokenAttemptsPerMinute = 30,
    merchant,
  }: PaymentsRoutesOptions,
) {
  const { checkout: checkoutScript, frame: frameScript } = await loadWidgetScripts(widgetDir);
  // Compressed once here rather than on every request: the script never changes while we run.
  const checkoutBody = precompress(checkoutScript);
  const shopOrigin = new URL(publicUrl).origin;
  const widgetConfig: PaymentWidgetConfig = {
    scriptUrl: new URL(PAYMENT_SCRIPT_PATH, paymentUrl).href,
  };
  const perIp = createLimiter({
    name: 'card-tokens-ip',
    max: tokenAttemptsPerMinute,
    windowMs: 60_000,
  });

  app.get(
    '/api/payments/widget',
    { schema: { response: { 200: paymentWidgetConfigSchema } } },
    async (_request, reply) => reply.header('cache-control', 'no-cache').send(widgetConfig),
  );

  app.get(`${PAYMENT_BASE_PATH}/checkout.js`, async (request, reply) =>
    sendPrecompressed(
      request,
      reply
        .type('text/javascript; charset=utf-8')
        .header('cache-control', 'no-cache')
        // Loaded by the shop's page, another origin (helmet's default is same-origin).
        .header('cross-origin-resource-policy', 'cross-origin'),
      checkoutBody,
    ),
  );

  app.get<{ Querystring: { locale?: string; origin?: string } }>(
    `${PAYMENT_BASE_PATH}/frame`,
    async (request, reply) => {
      // The page that opens the form names its origin; the form talks to that origin only, so
      // it must be the shop's (frame-ancestors below makes sure that page is the shop's too).
      if (request.query.origin !== shopOrigin) {
        return reply
          .status(400)
          .type('text/plain; charset=utf-8')
          .header('cache-control', 'no-store')
          .send(`The card form opens only from ${shopOrigin}.`);
      }
      const asked = request.query.locale;
      const locale: ResolvedPaymentLocale =
        isPaymentLocale(asked) && asked !== 'auto'
          ? asked
          : resolvePaymentLocale(request.languages());
      const nonce = randomBytes(16).toString('base64');
      const policy = [
        "default-src 'none'",
        `script-src 'nonce-${nonce}'`,
        `style-src 'nonce-${nonce}'`,
        "img-src 'self' https: data:",
        "connect-src 'self'",
        "form-action 'none'",
        "base-uri 'none'",
        // Only the shop's pages may embed the card form.
        `frame-ancestors ${shopOrigin}`,
      ].join('; ');
      reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .header('content-security-policy', policy)
        // helmet's SAMEORIGIN would forbid the shop's page; frame-ancestors says who may embed.
        .removeHeader('x-frame-options');
      // Made for this request (its nonce): the compression plugin encodes it for this request
      // (platform/http/compression.ts); the answer varies with Accept-Encoding either way.
      return reply.header('vary', 'accept-encoding').send(
        renderFramePage({
          locale,
          nonce,
          parentOrigin: shopOrigin,
          script: frameScript,
          merchant: await merchant?.(),
        }),
      );
    },
  );

  app.post(`${PAYMENT_BASE_PATH}/tokens`, async (request, reply) => {
    const wait = await perIp.hit(request, request.ip);
    if (wait > 0) {
      reply.header('retry-after', String(wait));
      return sendError(reply, 429, {
        type: 'rate_limit_error',
        code: 'rate_limited',
        message: 'Too many attempts. Try again in a minute.',
      });
    }
    const parsed = createTokenBodySchema.safeParse(request.body ?? {});
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      return sendError(reply, 400, {
        type: 'invalid_request_error',
        code: 'invalid_request',
        message: issue?.message ?? 'Check the form and try again.',
        ...(issue?.path.length ? { param: issue.path.join('.') } : {}),
      });
    }
    const { key, card, email } = parsed.data;
    if (!isTestPublishableKey(key)) {
      return sendError(reply, 401, {
        type: 'invalid_request_error',
        code: 'test_key_required',
        message: TEST_KEY_REQUIRED_MESSAGE,
      });
    }

    const digits = cardDigits(card.number) ?? '';
    const brand = cardBrand(digits);
    const fieldProblems: [param: string, problem: CardFieldError | undefined][] = [
      ['number', checkCardNumber(card.number)],
      ['expiry', checkExpiry(card.expMonth, card.expYear)],
      ['cvc', checkCvc(card.cvc, brand)],
      ['zip', card.zip === undefined ? undefined : checkZip(card.zip)],
    ];
    const [param, problem] = fieldProblems.find(([, found]) => found !== undefined) ?? [];
    if (param && problem) {
      return sendError(reply, 400, {
        type: 'invalid_request_error',
        code: problem,
        message: FIELD_MESSAGES[problem],
        param,
      });
    }

    const issued = await payments.issueToken(
      { digits, brand, expMonth: card.expMonth, expYear: card.expYear },
      email,
    );
    if (!issued.ok) {
      // Declined as the issuer would at once: shown in the widget, nothing stored or charged.
      request.log.info({ code: issued.code, brand }, 'test card declined');
      return sendError(reply, 402, {
        type: 'card_error',
        code: issued.code,
        message: issued.message,
      });
    }
    return reply.header('cache-control', 'no-store').send(issued.token);
  });
}
