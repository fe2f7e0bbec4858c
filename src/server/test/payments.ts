import type { TestApp } from './test-app.ts';
import { TEST_PUBLIC_URL } from './test-app.ts';

/**
 * Where the test app's payment provider answers: PAYMENT_URL's default for the shop at
 * TEST_PUBLIC_URL. Its routes answer only when asked for this host (ADR 019).
 */
export const TEST_PAYMENT_URL = 'http://pay.localhost:3000';
export const PAYMENT_HOST = new URL(TEST_PAYMENT_URL).host;
/** The card form's address, as checkout.js opens it from the shop's page. */
export const framePath = (locale = 'en') =>
  `/pay/v1/frame?locale=${locale}&origin=${encodeURIComponent(new URL(TEST_PUBLIC_URL).origin)}`;

/** Limits high enough that a test file's many requests from one address are never refused. */
export const UNLIMITED = {
  AUTH_IP_LIMIT_PER_MINUTE: '1000',
  AUTH_ACCOUNT_LIMIT_PER_15_MINUTES: '1000',
  PAYMENT_TOKEN_LIMIT_PER_MINUTE: '10000',
  CART_WRITE_LIMIT_PER_MINUTE: '10000',
};

/** A card as the widget's frame sends it. */
export function testCard(number = '4242 4242 4242 4242', overrides: Record<string, unknown> = {}) {
  return {
    number,
    expMonth: 12,
    expYear: new Date().getFullYear() + 2,
    cvc: '123',
    ...overrides,
  };
}

/** Asks the provider for a token, as the widget's frame does; returns the response. */
export function requestToken(
  app: TestApp,
  { card = testCard(), key = 'pk_test_crwn_clothing', ...rest }: Record<string, unknown> = {},
) {
  return app.inject({
    method: 'POST',
    url: '/pay/v1/tokens',
    headers: { host: PAYMENT_HOST, 'sec-fetch-site': 'same-origin' },
    payload: { key, card, email: 'ada@example.com', ...rest },
  });
}

/** A fresh token for a card that succeeds (or `number`). */
export async function newToken(app: TestApp, number?: string): Promise<string> {
  const response = await requestToken(app, { card: testCard(number) });
  if (response.statusCode !== 200) throw new Error(`token refused: ${response.body}`);
  return response.json<{ id: string }>().id;
}
