import { runInNewContext } from 'node:vm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { CrwnPay } from '#shared/payment-widget.ts';
import { requestToken, testCard, UNLIMITED } from '#server/test/payments.ts';
import { buildTestApp, type TestApp } from '#server/test/test-app.ts';
import { loadWidgetScripts } from './widget-scripts.ts';

let app: TestApp;
let db: TestApp['db'];

beforeAll(async () => {
  app = await buildTestApp(UNLIMITED);
  db = app.db;
});

afterAll(() => app.close());

const { checkout: checkoutSource } = await loadWidgetScripts();

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
    currentScript: { src: 'https://shop.example/pay/v1/checkout.js' },
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
    location: { href: 'https://shop.example/checkout' },
    navigator: { languages: ['de-CH', 'en'], language: 'de-CH' },
    URL,
  };
  runInNewContext(checkoutSource, context);
  const dispatch = (event: unknown) => [...listeners].forEach((listener) => listener(event));
  return { CrwnPay: window.CrwnPay as CrwnPay, appended, posted, dispatch, listeners };
}

describe('the widget script and frame', () => {
  it('serves checkout.js as JavaScript and the frame as HTML with a strict CSP', async () => {
    const script = await app.inject({ url: '/pay/v1/checkout.js' });
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(script.body).toContain('window.CrwnPay');

    const frame = await app.inject({ url: '/pay/v1/frame?locale=fr' });
    expect(frame.statusCode).toBe(200);
    expect(frame.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(frame.headers['cache-control']).toBe('no-store');
    const csp = String(frame.headers['content-security-policy']);
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("frame-ancestors 'self'");
    const nonce = /script-src 'nonce-([^']+)'/.exec(csp)?.[1];
    expect(frame.body).toContain(`<script nonce="${nonce}">`);
    expect(frame.body).toContain('<html lang="fr">');
    expect(frame.body).toContain('Numéro de carte');
    expect(frame.body).not.toMatch(/<(link|script)[^>]+src=/);
  });

  it('labels every field and ties each to its error message', async () => {
    const { body } = await app.inject({ url: '/pay/v1/frame?locale=en' });
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
      url: '/pay/v1/frame?locale=auto',
      headers: { 'accept-language': 'xx, ja;q=0.9, en;q=0.8' },
    });
    expect(auto.body).toContain('<html lang="ja">');
    const norwegian = await app.inject({
      url: '/pay/v1/frame',
      headers: { 'accept-language': 'nb-NO' },
    });
    expect(norwegian.body).toContain('<html lang="no">');
    for (const locale of ['zh', 'da', 'nl', 'en', 'fr', 'de', 'it', 'ja', 'no', 'es', 'sv']) {
      const page = await app.inject({ url: `/pay/v1/frame?locale=${locale}` });
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
      panelLabel: 'Pay Now',
      billingAddress: true,
      shippingAddress: true,
      opened: () => events.push('opened'),
      closed: () => events.push('closed'),
    });
    handler.open();
    const [iframe] = page.appended as { src: string; contentWindow: unknown }[];
    expect(iframe?.src).toBe('https://shop.example/pay/v1/frame?locale=de');

    // A message from another origin or window is ignored.
    page.dispatch({
      origin: 'https://evil.example',
      source: iframe?.contentWindow,
      data: { crwnPay: 1, type: 'ready' },
    });
    page.dispatch({
      origin: 'https://shop.example',
      source: {},
      data: { crwnPay: 1, type: 'ready' },
    });
    expect(page.posted).toEqual([]);

    page.dispatch({
      origin: 'https://shop.example',
      source: iframe?.contentWindow,
      data: { crwnPay: 1, type: 'ready' },
    });
    expect(page.posted).toEqual([
      {
        targetOrigin: 'https://shop.example',
        message: {
          crwnPay: 1,
          type: 'configure',
          options: {
            key: 'pk_test_abc',
            amount: 2500,
            currency: 'usd',
            name: 'CRWN Clothing',
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
      origin: 'https://shop.example',
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
      origin: 'https://shop.example',
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

  it('refuses token requests from other sites', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/pay/v1/tokens',
      headers: { 'sec-fetch-site': 'cross-site' },
      payload: { key: 'pk_test_abc', card: testCard(), email: 'ada@example.com' },
    });
    expect(response.statusCode).toBe(403);
  });
});
