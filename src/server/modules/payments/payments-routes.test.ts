import { runInNewContext } from 'node:vm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { CrwnPay } from '#shared/payment-widget.ts';
import {
  framePath,
  newToken,
  PAYMENT_HOST,
  requestToken,
  TEST_PAYMENT_URL,
  testCard,
  UNLIMITED,
} from '#server/test/payments.ts';
import {
  buildTestApp,
  builtWidgetDir,
  TEST_PUBLIC_URL,
  type TestApp,
} from '#server/test/test-app.ts';
import { loadWidgetScripts } from './widget-scripts.ts';
import { createLocalPaymentProvider } from './payments-service.ts';
import { decodeBody } from '#server/test/encodings.ts';

let app: TestApp;
let db: TestApp['db'];

beforeAll(async () => {
  app = await buildTestApp(UNLIMITED);
  db = app.db;
});

afterAll(() => app.close());

const SHOP_ORIGIN = new URL(TEST_PUBLIC_URL).origin;
/** The provider answers only on its own host (PAYMENT_URL), another origin than the shop's. */
const onPaymentHost = { host: PAYMENT_HOST };
const SHOP_HOST = new URL(TEST_PUBLIC_URL).host;

const { checkout: checkoutSource } = await loadWidgetScripts(await builtWidgetDir());

/** A response body as the browser reads it once it has undone `encoding`. */
/** A stand-in for the few DOM parts checkout.js touches, so its page side can run in node. */
function fakePage() {
  const listeners: ((event: unknown) => void)[] = [];
  const appended: FakeElement[] = [];
  const posted: { message: unknown; targetOrigin: string }[] = [];
  interface FakeElement {
    tagName: string;
    style: Record<string, string>;
    attributes: Record<string, string>;
    src?: string;
    textContent?: string;
    parentNode?: { removeChild(child: FakeElement): void };
    contentWindow?: { postMessage(message: unknown, targetOrigin: string): void };
    setAttribute(name: string, value: string): void;
    focus(): void;
    addEventListener(): void;
  }
  const body = {
    appendChild(child: FakeElement) {
      child.parentNode = body;
      appended.push(child);
    },
    removeChild(child: FakeElement) {
      appended.splice(appended.indexOf(child), 1);
    },
  };
  const document = {
    // The provider's script, on its own origin, in the shop's page.
    currentScript: { src: 'https://pay.example/pay/v1/checkout.js' },
    activeElement: null,
    documentElement: { style: { overflow: '' } },
    body,
    createElement(tagName: string): FakeElement {
      return {
        tagName,
        style: {},
        attributes: {},
        setAttribute(name, value) {
          this.attributes[name] = value;
        },
        focus() {},
        addEventListener() {},
        contentWindow: {
          postMessage(message, targetOrigin) {
            posted.push({ message, targetOrigin });
          },
        },
      };
    },
  };
  const window = {
    addEventListener: (_type: string, listener: (event: unknown) => void) =>
      listeners.push(listener),
    removeEventListener: (_type: string, listener: (event: unknown) => void) =>
      listeners.splice(listeners.indexOf(listener), 1),
  } as { CrwnPay?: CrwnPay; addEventListener: unknown; removeEventListener: unknown };
  const context = {
    window,
    document,
    location: { href: 'https://shop.example/checkout', origin: 'https://shop.example' },
    navigator: { languages: ['de-CH', 'en'], language: 'de-CH' },
    URL,
  };
  runInNewContext(checkoutSource, context);
  const dispatch = (event: unknown) => [...listeners].forEach((listener) => listener(event));
  return { CrwnPay: window.CrwnPay as CrwnPay, appended, posted, dispatch, listeners };
}

describe('the widget script and frame', () => {
  it('serves checkout.js as JavaScript and the frame as HTML with a strict CSP', async () => {
    const script = await app.inject({ url: '/pay/v1/checkout.js', headers: onPaymentHost });
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(script.body).toContain('window.CrwnPay');

    const frame = await app.inject({ url: framePath('fr'), headers: onPaymentHost });
    expect(frame.statusCode).toBe(200);
    expect(frame.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(frame.headers['cache-control']).toBe('no-store');
    const csp = String(frame.headers['content-security-policy']);
    expect(csp).toContain("default-src 'none'");
    // Only the shop's pages may embed the form; the provider's own origin is not the shop.
    expect(csp.split('; ').find((part) => part.startsWith('frame-ancestors'))).toBe(
      `frame-ancestors ${SHOP_ORIGIN}`,
    );
    expect(frame.headers['x-frame-options']).toBeUndefined();
    const nonce = /script-src 'nonce-([^']+)'/.exec(csp)?.[1];
    expect(frame.body).toContain(`<script nonce="${nonce}">`);
    expect(frame.body).toContain('<html lang="fr">');
    expect(frame.body).toContain('Numéro de carte');
    expect(frame.body).not.toMatch(/<(link|script)[^>]+src=/);
  });

  it.each([
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip', 'gzip'],
    ['identity', undefined],
  ])(
    'sends checkout.js and the frame compressed to a browser accepting %s',
    async (accepted, encoding) => {
      const headers = { ...onPaymentHost, 'accept-encoding': accepted };
      for (const url of ['/pay/v1/checkout.js', framePath('en')]) {
        const response = await app.inject({ url, headers });
        expect(response.statusCode, url).toBe(200);
        expect(response.headers['content-encoding'], url).toBe(encoding);
        expect(response.headers.vary, url).toContain('accept-encoding');
        const text = decodeBody(response.rawPayload, encoding);
        expect(text, url).toMatch(/window\.CrwnPay|<html lang="en">/);
        if (encoding) expect(response.rawPayload.length, url).toBeLessThan(text.length / 2);
      }
    },
  );

  it('answers a browser revalidating checkout.js with 304 and no body', async () => {
    const headers = { ...onPaymentHost, 'accept-encoding': 'br' };
    const first = await app.inject({ url: '/pay/v1/checkout.js', headers });
    const etag = String(first.headers.etag);

    const again = await app.inject({
      url: '/pay/v1/checkout.js',
      headers: { ...headers, 'if-none-match': etag },
    });

    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    const otherEncoding = await app.inject({
      url: '/pay/v1/checkout.js',
      headers: { ...onPaymentHost, 'accept-encoding': 'gzip', 'if-none-match': etag },
    });
    expect(otherEncoding.statusCode).toBe(200);
  });

  it('labels every field and ties each to its error message', async () => {
    const { body } = await app.inject({ url: framePath('en'), headers: onPaymentHost });
    for (const name of [
      'email',
      'number',
      'expiry',
      'cvc',
      'zip',
      'billing-name',
      'shipping-zip',
    ]) {
      expect(body).toContain(`<label for="crwn-pay-${name}">`);
      expect(body).toContain(`aria-describedby="crwn-pay-${name}-error"`);
      expect(body).toContain(`<p id="crwn-pay-${name}-error" class="field-error" role="alert">`);
    }
    expect(body).toContain('role="dialog"');
    expect(body).toContain('aria-label="Close"');
  });

  it('follows the browser for locale auto, in every supported language', async () => {
    const auto = await app.inject({
      url: framePath('auto'),
      headers: { ...onPaymentHost, 'accept-language': 'xx, ja;q=0.9, en;q=0.8' },
    });
    expect(auto.body).toContain('<html lang="ja">');
    const norwegian = await app.inject({
      url: framePath('').replace('locale=&', ''),
      headers: { ...onPaymentHost, 'accept-language': 'nb-NO' },
    });
    expect(norwegian.body).toContain('<html lang="no">');
    for (const locale of ['zh', 'da', 'nl', 'en', 'fr', 'de', 'it', 'ja', 'no', 'es', 'sv']) {
      const page = await app.inject({ url: framePath(locale), headers: onPaymentHost });
      expect(page.body).toContain(`<html lang="${locale}">`);
    }
  });
});

describe('CrwnPay in the page (checkout.js)', () => {
  const token = () => {};

  it('refuses keys that are not test keys, and other bad options', () => {
    const { CrwnPay } = fakePage();
    expect(() => CrwnPay.configure({ key: 'pk_live_123', token })).toThrow(
      'CrwnPay: only test keys (pk_test_...) are accepted',
    );
    expect(() => CrwnPay.configure({ key: 'sk_test_123', token })).toThrow(/only test keys/);
    expect(CrwnPay.validateOptions({ key: 'pk_test_abc', token })).toEqual([]);
    expect(CrwnPay.validateOptions({ key: 'pk_test_abc', token, amount: 12.5 })).toEqual([
      'CrwnPay: amount must be a positive whole number of cents',
    ]);
    expect(CrwnPay.validateOptions({ key: 'pk_test_abc', token, locale: 'pt' })[0]).toMatch(
      /locale must be one of auto, zh/,
    );
    const handler = CrwnPay.configure({ key: 'pk_test_abc', token });
    expect(() => handler.open()).toThrow(/amount must be/);
  });

  it('opens the frame in the browser language, sends options only to it, and hands over the token', () => {
    const page = fakePage();
    const received = vi.fn();
    const events: string[] = [];
    const handler = page.CrwnPay.configure({
      key: 'pk_test_abc',
      token: (tokenValue, args) => {
        events.push('token');
        received(tokenValue, args);
      },
      amount: 2500,
      name: 'CRWN Clothing',
      // The page's own logo: the frame is on another origin, so it gets the full address.
      image: '/logo.png',
      panelLabel: 'Pay Now',
      billingAddress: true,
      shippingAddress: true,
      opened: () => events.push('opened'),
      closed: () => events.push('closed'),
    });
    handler.open();
    const [iframe] = page.appended as { src: string; contentWindow: unknown }[];
    expect(iframe?.src).toBe(
      'https://pay.example/pay/v1/frame?locale=de&origin=https%3A%2F%2Fshop.example',
    );

    // A message from another origin (the shop's own included) or window is ignored.
    page.dispatch({
      origin: 'https://evil.example',
      source: iframe?.contentWindow,
      data: { crwnPay: 1, type: 'ready' },
    });
    page.dispatch({
      origin: 'https://shop.example',
      source: iframe?.contentWindow,
      data: { crwnPay: 1, type: 'ready' },
    });
    page.dispatch({
      origin: 'https://pay.example',
      source: {},
      data: { crwnPay: 1, type: 'ready' },
    });
    expect(page.posted).toEqual([]);

    page.dispatch({
      origin: 'https://pay.example',
      source: iframe?.contentWindow,
      data: { crwnPay: 1, type: 'ready' },
    });
    expect(page.posted).toEqual([
      {
        targetOrigin: 'https://pay.example',
        message: {
          crwnPay: 1,
          type: 'configure',
          options: {
            key: 'pk_test_abc',
            amount: 2500,
            currency: 'usd',
            name: 'CRWN Clothing',
            image: 'https://shop.example/logo.png',
            panelLabel: 'Pay Now',
            billingAddress: true,
            shippingAddress: true,
          },
        },
      },
    ]);

    const tokenValue = { id: 'tok_x', object: 'token' };
    const args = { billingAddress: { name: 'Ada' } };
    page.dispatch({
      origin: 'https://pay.example',
      source: iframe?.contentWindow,
      data: { crwnPay: 1, type: 'token', token: tokenValue, args },
    });
    expect(received).toHaveBeenCalledWith(tokenValue, args);
    expect(events).toEqual(['opened', 'token', 'closed']);
    expect(page.appended).toEqual([]);
    expect(page.listeners).toEqual([]);
  });

  it('closes when the frame asks, without a token', () => {
    const page = fakePage();
    const received = vi.fn();
    const closed = vi.fn();
    const handler = page.CrwnPay.configure({ key: 'pk_test_abc', token: received, closed });
    handler.open({ amount: 100, locale: 'sv' });
    const [iframe] = page.appended as { src: string; contentWindow: unknown }[];
    expect(iframe?.src).toContain('locale=sv');
    page.dispatch({
      origin: 'https://pay.example',
      source: iframe?.contentWindow,
      data: { crwnPay: 1, type: 'close' },
    });
    expect(closed).toHaveBeenCalledOnce();
    expect(received).not.toHaveBeenCalled();
    expect(page.appended).toEqual([]);
  });
});

describe('POST /pay/v1/tokens', () => {
  it('tokenises a good card and keeps only brand, last four digits and expiry', async () => {
    const response = await requestToken(app, { card: testCard('4242 4242 4242 4242') });
    expect(response.statusCode).toBe(200);
    const token = response.json<{ id: string; card: unknown }>();
    expect(token.id).toMatch(/^tok_[A-Za-z0-9]{32}$/);
    expect(token.card).toEqual({
      brand: 'visa',
      last4: '4242',
      expMonth: 12,
      expYear: new Date().getFullYear() + 2,
    });
    const row = await db
      .selectFrom('payment_tokens')
      .selectAll()
      .where('id', '=', token.id)
      .executeTakeFirstOrThrow();
    expect(Object.keys(row).sort()).toEqual(
      ['brand', 'created_at', 'exp_month', 'exp_year', 'id', 'last4', 'outcome', 'used_at'].sort(),
    );
    expect(JSON.stringify(row)).not.toContain('424242424242');
  });

  it.each([
    ['4000 0000 0000 0002', 'card_declined'],
    ['4000 0000 0000 9995', 'insufficient_funds'],
    ['4000 0000 0000 0069', 'expired_card'],
    ['4000 0000 0000 0127', 'incorrect_cvc'],
  ])('declines test card %s with %s, storing nothing', async (number, code) => {
    const before = await db.selectFrom('payment_tokens').select('id').execute();
    const response = await requestToken(app, { card: testCard(number) });
    expect(response.statusCode).toBe(402);
    expect(response.json()).toMatchObject({ error: { type: 'card_error', code } });
    const after = await db.selectFrom('payment_tokens').select('id').execute();
    expect(after).toHaveLength(before.length);
  });

  it('accepts other Luhn-valid numbers', async () => {
    const response = await requestToken(app, { card: testCard('5555 5555 5555 4444') });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ card: { brand: 'mastercard', last4: '4444' } });
  });

  it('refuses live keys, bad cards and unknown fields with the field at fault', async () => {
    const live = await requestToken(app, { key: 'pk_live_abc' });
    expect(live.statusCode).toBe(401);
    expect(live.json()).toMatchObject({
      error: {
        code: 'test_key_required',
        message: 'CrwnPay: only test keys (pk_test_...) are accepted',
      },
    });
    const cases: [Record<string, unknown>, string, string][] = [
      [{ card: testCard('4242 4242 4242 4241') }, 'invalid_number', 'number'],
      [{ card: testCard(undefined, { expYear: 2020 }) }, 'expired_expiry', 'expiry'],
      [{ card: testCard(undefined, { expMonth: 13 }) }, 'invalid_expiry', 'expiry'],
      [{ card: testCard(undefined, { cvc: '12' }) }, 'invalid_cvc', 'cvc'],
      [{ card: testCard('3782 822463 10005', { cvc: '123' }) }, 'invalid_cvc', 'cvc'],
      [{ card: testCard(undefined, { zip: '' }) }, 'required', 'zip'],
    ];
    for (const [body, code, param] of cases) {
      const response = await requestToken(app, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json()).toMatchObject({ error: { code, param } });
    }
    const extra = await requestToken(app, { amount: 100 });
    expect(extra.statusCode).toBe(400);
  });

  it('takes the country of an address as an ISO code from the list, nothing else', async () => {
    const address = { name: 'Ada', line1: '1 Way', city: 'London', zip: 'N1 9GU' };
    for (const country of ['United Kingdom', 'gb', 'UK', 'XX', '']) {
      const response = await requestToken(app, { billingAddress: { ...address, country } });
      expect(response.statusCode, country).toBe(400);
      expect(response.json()).toMatchObject({
        error: {
          code: 'invalid_request',
          message: 'Choose the country from the list.',
          param: 'billingAddress.country',
        },
      });
    }
    const listed = await requestToken(app, { billingAddress: { ...address, country: 'GB' } });
    expect(listed.statusCode).toBe(200);
  });

  it('offers every country by name, in the form’s language, with its ISO code', async () => {
    const page = (await app.inject({ url: framePath('fr'), headers: onPaymentHost })).body;
    const billing = /<select id="crwn-pay-billing-country"[^>]*>([\s\S]*?)<\/select>/.exec(page);
    const options = [...(billing?.[1] ?? '').matchAll(/<option value="([A-Z]*)">([^<]*)</g)];
    expect(options).toHaveLength(250);
    expect(options[0]?.slice(1)).toEqual(['', 'Choisissez un pays']);
    expect(options.map((option) => option[1])).toContain('GB');
    expect(options.find((option) => option[1] === 'DE')?.[2]).toBe('Allemagne');
  });

  it('refuses token requests from other sites', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/pay/v1/tokens',
      headers: { ...onPaymentHost, 'sec-fetch-site': 'cross-site' },
      payload: { key: 'pk_test_abc', card: testCard(), email: 'ada@example.com' },
    });
    expect(response.statusCode).toBe(403);
  });
});

describe('the provider on an origin of its own (PAYMENT_URL)', () => {
  const tokenBody = { key: 'pk_test_abc', card: testCard(), email: 'ada@example.com' };
  const tokenCount = async () =>
    Number(
      (
        await db
          .selectFrom('payment_tokens')
          .select(db.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('tells the shop page where to load the widget from', async () => {
    const response = await app.inject({
      url: '/api/payments/widget',
      headers: { host: SHOP_HOST },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ scriptUrl: `${TEST_PAYMENT_URL}/pay/v1/checkout.js` });
  });

  it("serves nothing of the provider on the shop's host", async () => {
    const tokens = await tokenCount();
    for (const url of ['/pay/v1/checkout.js', framePath('en')]) {
      const response = await app.inject({ url, headers: { host: SHOP_HOST } });
      expect(response.statusCode, url).toBe(404);
      expect(response.body).not.toContain('crwn-pay-number');
      expect(response.body).not.toContain('CrwnPay');
    }
    const post = await app.inject({
      method: 'POST',
      url: '/pay/v1/tokens',
      headers: { host: SHOP_HOST, 'sec-fetch-site': 'same-origin' },
      payload: tokenBody,
    });
    expect(post.statusCode).toBe(404);
    expect(await tokenCount()).toBe(tokens);
  });

  it("serves nothing of the shop on the provider's host", async () => {
    for (const url of [
      '/',
      '/shop',
      '/favicon.svg',
      '/api/orders',
      '/api/payments/widget',
      '/api/auth/get-session',
      '/oidc/.well-known/openid-configuration',
      '/pay/v1/../api/orders',
      '/no-such-page',
    ]) {
      const response = await app.inject({ url, headers: onPaymentHost });
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['set-cookie'], url).toBeUndefined();
    }
    const order = await app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: { ...onPaymentHost, 'sec-fetch-site': 'same-origin' },
      payload: {},
    });
    expect(order.statusCode).toBe(404);
  });

  it("lets the shop's script be loaded by the shop's page, and the form be embedded by it only", async () => {
    const script = await app.inject({ url: '/pay/v1/checkout.js', headers: onPaymentHost });
    expect(script.headers['cross-origin-resource-policy']).toBe('cross-origin');

    for (const origin of [undefined, TEST_PAYMENT_URL, 'https://evil.example', `${SHOP_ORIGIN}/`]) {
      const query = origin === undefined ? '' : `&origin=${encodeURIComponent(origin)}`;
      const frame = await app.inject({
        url: `/pay/v1/frame?locale=en${query}`,
        headers: onPaymentHost,
      });
      expect(frame.statusCode, String(origin)).toBe(400);
      expect(frame.body).not.toContain('crwn-pay-number');
    }
    const frame = await app.inject({ url: framePath('en'), headers: onPaymentHost });
    expect(frame.statusCode).toBe(200);
    // The form posts to and listens to the shop's origin only.
    expect(frame.body).toContain(`"parentOrigin":"${SHOP_ORIGIN}"`);
  });

  it("takes token requests from the provider's own origin only", async () => {
    const post = (headers: Record<string, string>) =>
      app.inject({
        method: 'POST',
        url: '/pay/v1/tokens',
        headers: { ...onPaymentHost, ...headers },
        payload: tokenBody,
      });
    expect((await post({ 'sec-fetch-site': 'same-origin' })).statusCode).toBe(200);
    expect((await post({ origin: TEST_PAYMENT_URL })).statusCode).toBe(200);
    // The shop's page is another origin: it cannot ask for tokens itself.
    expect((await post({ 'sec-fetch-site': 'same-site' })).statusCode).toBe(403);
    expect((await post({ origin: SHOP_ORIGIN })).statusCode).toBe(403);
  });
});

describe('the local provider charging', () => {
  it('charges one key once when asked many times at once, and a token at most once', async () => {
    const provider = createLocalPaymentProvider(db);
    const token = await newToken(app);
    const charge = (idempotencyKey: string) =>
      provider.chargeToken({ token, amount: 2500, currency: 'usd', idempotencyKey });
    const key = `provider-key-${Date.now()}`;
    expect(await provider.findCharge(key)).toBeUndefined();

    const results = await Promise.all(Array.from({ length: 10 }, () => charge(key)));
    const chargeIds = new Set(results.map((result) => (result.ok ? result.chargeId : result.code)));
    expect(chargeIds.size).toBe(1);
    expect(results[0]).toMatchObject({ ok: true, card: { brand: 'visa', last4: '4242' } });
    const made = results[0]?.ok ? results[0].chargeId : '';
    expect(await provider.findCharge(key)).toMatchObject({ chargeId: made });
    const stored = await db
      .selectFrom('payment_charges')
      .select('id')
      .where('token_id', '=', token)
      .execute();
    expect(stored).toEqual([{ id: made }]);

    // The same token under another key is refused: nothing more is charged.
    expect(await charge(`${key}-other`)).toMatchObject({ ok: false, code: 'token_used' });
    expect(await provider.findCharge(`${key}-other`)).toBeUndefined();
  });
});
