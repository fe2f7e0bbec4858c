// @ts-expect-error jsdom ships no types (and @types/jsdom is not installed); typed below.
import { JSDOM as UntypedJsdom } from 'jsdom';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  cardDigits,
  checkCardNumber,
  checkCvc,
  cardBrand,
  type CardFieldError,
} from '#shared/payment-cards.ts';
import type { PaymentFrameOptions } from '#shared/payment-widget.ts';
import { framePath, PAYMENT_HOST, TEST_PAYMENT_URL, UNLIMITED } from '#server/test/payments.ts';
import { buildTestApp, TEST_PUBLIC_URL, type TestApp } from '#server/test/test-app.ts';
import { WIDGET_TEXTS } from './widget-texts.ts';

/*
 * The card form as a shopper meets it: the page GET /pay/v1/frame serves, its inlined script
 * (the bundle of browser/frame.ts) run by jsdom, inside a stand-in for the shop's page. The
 * messages it shows come from the shared card checks (src/shared/payment-cards.ts, tested on
 * their own beside them); these cases prove the frame runs those checks, and that a good card
 * becomes a token handed to the page.
 */

/** The few DOM members this test touches: the server's tsconfig has no DOM types. */
interface PageElement {
  value: string;
  textContent: string | null;
  disabled: boolean;
  click(): void;
  focus(): void;
  dispatchEvent(event: unknown): boolean;
  getAttribute(name: string): string | null;
  matches(selector: string): boolean;
  hidden: boolean;
}
interface PageWindow {
  document: { getElementById(id: string): PageElement | null; activeElement: unknown };
  parent: unknown;
  fetch: unknown;
  Event: new (type: string, init?: { bubbles?: boolean }) => unknown;
  MessageEvent: new (
    type: string,
    init: { data: unknown; origin: string; source: unknown },
  ) => unknown;
  dispatchEvent(event: unknown): boolean;
  close(): void;
}
const JSDOM = UntypedJsdom as new (
  html: string,
  options: { url: string; runScripts: 'dangerously'; beforeParse(window: PageWindow): void },
) => { window: PageWindow };

const SHOP_ORIGIN = new URL(TEST_PUBLIC_URL).origin;
const texts = WIDGET_TEXTS.en;
const errorText = (code: CardFieldError | undefined) => (code ? texts.errors[code] : '');

let app: TestApp;
let html: string;

beforeAll(async () => {
  app = await buildTestApp(UNLIMITED);
  html = (await app.inject({ url: framePath('en'), headers: { host: PAYMENT_HOST } })).body;
});

afterAll(() => app.close());

const pages: PageWindow[] = [];
afterEach(() => pages.splice(0).forEach((window) => window.close()));

/**
 * Opens the card form as if embedded in the shop's page: `parent` stands for that page, and
 * `fetch` reaches the app through inject(), as the browser would reach the server.
 */
function openFrame() {
  const parent = { postMessage: vi.fn<(message: unknown, targetOrigin: string) => void>() };
  const requests: { url: string; body: unknown }[] = [];
  const fetch = async (url: string, init: { method: string; body: string }) => {
    requests.push({ url, body: JSON.parse(init.body) });
    const response = await app.inject({
      method: init.method as 'POST',
      url,
      headers: {
        host: PAYMENT_HOST,
        'content-type': 'application/json',
        'sec-fetch-site': 'same-origin',
      },
      payload: init.body,
    });
    return new Response(response.body, { status: response.statusCode });
  };
  const { window } = new JSDOM(html, {
    // The form lives on the provider's origin, not the shop's (ADR 019).
    url: `${TEST_PAYMENT_URL}${framePath('en')}`,
    runScripts: 'dangerously',
    beforeParse(window) {
      window.parent = parent;
      window.fetch = fetch;
    },
  });
  pages.push(window);

  const field = (name: string) => {
    const element = window.document.getElementById(`crwn-pay-${name}`);
    if (!element) throw new Error(`no #crwn-pay-${name} in the frame`);
    return element;
  };
  return {
    window,
    parent,
    requests,
    field,
    /** What the shopper sees under a field. */
    problem: (name: string) => field(`${name}-error`).textContent,
    /** Posts `data` to the frame as a window at `origin` (the shop's page by default). */
    receive(
      data: unknown,
      { origin = SHOP_ORIGIN, source = parent }: { origin?: string; source?: unknown } = {},
    ) {
      window.dispatchEvent(new window.MessageEvent('message', { data, origin, source }));
    },
    configure(options: Partial<PaymentFrameOptions> = {}) {
      this.receive({
        crwnPay: 1,
        type: 'configure',
        options: { key: 'pk_test_abc', amount: 2500, currency: 'usd', ...options },
      });
    },
    /** Types (or pastes) `value` into a field, as one input event. */
    type(name: string, value: string) {
      const input = field(name);
      input.focus();
      input.value = value;
      input.dispatchEvent(new window.Event('input', { bubbles: true }));
    },
    fillCard(number: string, { expiry = '12 / 40', cvc = '123' } = {}) {
      this.type('email', 'ada@example.com');
      this.type('number', number);
      this.type('expiry', expiry);
      this.type('cvc', cvc);
    },
    pay: () => field('submit').click(),
  };
}

describe('the card form (browser/frame.ts in its page)', () => {
  it('tells the page it is ready, and takes its options from that page only', () => {
    const frame = openFrame();
    expect(frame.parent.postMessage).toHaveBeenCalledWith(
      { crwnPay: 1, type: 'ready' },
      SHOP_ORIGIN,
    );
    // Nothing can be typed or sent before the options come: the form then takes focus, and
    // whatever was being typed would go astray.
    expect(frame.field('submit').matches(':disabled')).toBe(true);
    expect(frame.field('number').matches(':disabled')).toBe(true);
    expect(frame.field('email').matches(':disabled')).toBe(true);

    frame.receive(
      { crwnPay: 1, type: 'configure', options: { key: 'pk_test_x', amount: 1, currency: 'usd' } },
      { origin: 'https://evil.example' },
    );
    // Not even from the provider's own origin: only the shop's page configures the form.
    frame.receive(
      { crwnPay: 1, type: 'configure', options: { key: 'pk_test_x', amount: 1, currency: 'usd' } },
      { origin: TEST_PAYMENT_URL },
    );
    frame.receive(
      { crwnPay: 1, type: 'configure', options: { key: 'pk_test_x', amount: 1, currency: 'usd' } },
      { source: {} },
    );
    expect(frame.field('submit').matches(':disabled')).toBe(true);

    frame.configure({ amount: 2500, panelLabel: 'Pay {{amount}} now' });
    expect(frame.field('submit').matches(':disabled')).toBe(false);
    expect(frame.field('number').matches(':disabled')).toBe(false);
    expect(frame.field('submit').textContent).toBe('Pay $25.00 now');
  });

  // Eight frames, each a page with two lists of 249 countries, parsed by jsdom on a busy machine.
  it(
    'shows the shared checks’ verdict on each card number, in the shopper’s language',
    { timeout: 30_000 },
    () => {
      for (const number of [
        '4242 4242 4242 4242',
        '5555 5555 5555 4444',
        '3782 822463 10005',
        '6011 1111 1111 1117',
        '4242 4242 4242 4241',
        '3782 822463 10006',
        '4242 4242',
        '7992 7398 713',
      ]) {
        const frame = openFrame();
        frame.configure();
        frame.fillCard(number);
        frame.pay();
        expect(frame.field('number').value).toBe(number);
        expect(frame.problem('number'), number).toBe(errorText(checkCardNumber(number)));
      }
    },
  );

  it('shows the invalid-number message and asks for no token for a number that fails Luhn', () => {
    const frame = openFrame();
    frame.configure();
    frame.fillCard('4242 4242 4242 4241');
    frame.pay();
    expect(frame.problem('number')).toBe(texts.errors.invalid_number);
    expect(frame.field('number').getAttribute('aria-invalid')).toBe('true');
    expect(frame.requests).toEqual([]);
  });

  it('checks expiry, and the CVC against the brand of the number', () => {
    const frame = openFrame();
    frame.configure();
    frame.fillCard('3782 822463 10005', { expiry: '01 / 20', cvc: '123' });
    frame.pay();
    expect(frame.problem('number')).toBe('');
    expect(frame.problem('expiry')).toBe(texts.errors.expired_expiry);
    const amex = cardBrand(cardDigits('378282246310005') ?? '');
    expect(frame.problem('cvc')).toBe(errorText(checkCvc('123', amex)));
    expect(frame.problem('cvc')).toBe(texts.errors.invalid_cvc);
    expect(frame.requests).toEqual([]);
  });

  it('asks for a postal code when the page wants one', () => {
    const frame = openFrame();
    frame.configure({ zipCode: true });
    frame.fillCard('4242 4242 4242 4242');
    frame.type('zip', '1');
    frame.pay();
    expect(frame.problem('zip')).toBe(texts.errors.invalid_zip);
    expect(frame.requests).toEqual([]);
  });

  it('asks for the postal code once, in the billing address, and the country from a list', async () => {
    const frame = openFrame();
    frame.configure({ zipCode: true, billingAddress: true });
    expect(frame.field('zip-field').hidden).toBe(true);
    expect(frame.field('billing-zip').matches(':disabled')).toBe(false);
    frame.fillCard('4242 4242 4242 4242');
    frame.type('billing-name', 'Ada Lovelace');
    frame.type('billing-line1', '12 St James Square');
    frame.type('billing-city', 'London');
    frame.type('billing-zip', 'SW1Y 4JH');
    frame.pay();
    expect(frame.problem('billing-country')).toBe(texts.errors.required);
    expect(frame.requests).toEqual([]);

    const country = frame.field('billing-country');
    country.value = 'GB';
    country.dispatchEvent(new frame.window.Event('change', { bubbles: true }));
    expect(frame.problem('billing-country')).toBe('');
    frame.pay();
    expect(frame.requests).toMatchObject([
      {
        body: {
          card: { zip: 'SW1Y 4JH' },
          billingAddress: { zip: 'SW1Y 4JH', country: 'GB' },
        },
      },
    ]);
    await vi.waitFor(() =>
      expect(frame.parent.postMessage).toHaveBeenLastCalledWith(
        expect.objectContaining({ type: 'token' }),
        SHOP_ORIGIN,
      ),
    );
  });

  it('turns a good test card into a token, forgets the card and hands the token to the page', async () => {
    const frame = openFrame();
    frame.configure();
    frame.fillCard('4242424242424242', { expiry: '1240' });
    expect(frame.field('number').value).toBe('4242 4242 4242 4242');
    expect(frame.field('expiry').value).toBe('12 / 40');
    frame.pay();
    expect(frame.requests).toEqual([
      {
        url: '/pay/v1/tokens',
        body: {
          key: 'pk_test_abc',
          card: { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2040, cvc: '123' },
          email: 'ada@example.com',
        },
      },
    ]);
    await vi.waitFor(() =>
      expect(frame.parent.postMessage).toHaveBeenLastCalledWith(
        {
          crwnPay: 1,
          type: 'token',
          token: expect.objectContaining({
            id: expect.stringMatching(/^tok_/) as unknown,
            card: { brand: 'visa', last4: '4242', expMonth: 12, expYear: 2040 },
          }) as unknown,
          args: {},
        },
        SHOP_ORIGIN,
      ),
    );
    expect(frame.field('number').value).toBe('');
    expect(frame.field('cvc').value).toBe('');
  });

  it('shows a decline in the form, and hands nothing to the page', async () => {
    const frame = openFrame();
    frame.configure();
    frame.fillCard('4000 0000 0000 0002');
    frame.pay();
    await vi.waitFor(() => expect(frame.problem('form')).toBe(texts.errors.card_declined));
    expect(frame.parent.postMessage).toHaveBeenCalledTimes(1); // ready, nothing since
    expect(frame.field('submit').getAttribute('aria-disabled')).toBe('false');
    // Focused, so it is in view and read out, rather than focus falling to the body.
    expect(frame.window.document.activeElement).toBe(frame.field('form-error'));
  });
});
