import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAYMENT_HOST, UNLIMITED } from '#server/test/payments.ts';
import { signUp } from '#server/test/shoppers.ts';
import { buildTestApp, TEST_PUBLIC_URL, type TestApp } from '#server/test/test-app.ts';
import { report } from './random.ts';

/**
 * Every state-changing request a browser could be tricked into sending from another site, on
 * every route that changes state, is refused before it does anything; the same request from the
 * shop's own pages is not.
 */
let app: TestApp;
let cookie: string;
let uid: string;

beforeAll(async () => {
  app = await buildTestApp(UNLIMITED);
  ({ cookie, id: uid } = await signUp(app, 'Ada'));
});

afterAll(() => app.close());

const CROSS_SITE: Record<string, Record<string, string>> = {
  'Sec-Fetch-Site: cross-site': { 'sec-fetch-site': 'cross-site' },
  'Sec-Fetch-Site: same-site': { 'sec-fetch-site': 'same-site' },
  'a foreign Origin': { origin: 'https://evil.example' },
  'Origin: null': { origin: 'null' },
  'a sibling origin': { origin: 'http://localhost:3001' },
};

const routes = () =>
  [
    { method: 'POST', url: '/api/auth/sign-in/email' },
    { method: 'POST', url: '/api/auth/sign-up/email' },
    { method: 'POST', url: '/api/auth/sign-out' },
    { method: 'PUT', url: `/api/users/${uid}` },
    { method: 'PATCH', url: `/api/users/${uid}` },
    { method: 'POST', url: '/api/orders' },
    { method: 'PUT', url: '/api/cart' },
    { method: 'POST', url: '/api/cart/merge' },
    { method: 'POST', url: '/pay/v1/tokens', host: PAYMENT_HOST },
    { method: 'POST', url: '/oidc/interaction/some-uid/login' },
    { method: 'POST', url: '/oidc/interaction/some-uid/select' },
    { method: 'POST', url: '/oidc/interaction/some-uid/forget' },
    { method: 'POST', url: '/oidc/interaction/some-uid/abort' },
  ] as const;

describe('cross-site requests', () => {
  it('are refused on every state-changing route, however the browser says where they come from', async () => {
    let refused = 0;
    for (const route of routes()) {
      for (const [label, headers] of Object.entries(CROSS_SITE)) {
        const { host, ...request } = { host: undefined, ...route };
        const response = await app.inject({
          ...request,
          headers: { cookie, ...(host ? { host } : {}), ...headers },
          payload: { displayName: 'Hacked', email: 'ada@example.com', password: 'x'.repeat(12) },
        });
        expect(response.statusCode, `${route.method} ${route.url} with ${label}`).toBe(403);
        refused += 1;
      }
    }
    const profile = await app.inject({ url: `/api/users/${uid}`, headers: { cookie } });
    expect(profile.body).not.toContain('Hacked');
    const cart = await app.inject({ url: '/api/cart', headers: { cookie } });
    expect(cart.json()).toMatchObject({ version: 0, lines: [] });
    report('cross-site', {
      routes: routes().length,
      kinds: Object.keys(CROSS_SITE).length,
      refused,
    });
  }, 60_000);

  it("are let through from the shop's own origin", async () => {
    for (const headers of [
      { 'sec-fetch-site': 'same-origin', origin: TEST_PUBLIC_URL },
      { origin: TEST_PUBLIC_URL },
    ]) {
      const response = await app.inject({
        method: 'PATCH',
        url: `/api/users/${uid}`,
        headers: { cookie, ...headers },
        payload: { displayName: 'Ada' },
      });
      expect(response.statusCode).not.toBe(403);
    }
  });
});
