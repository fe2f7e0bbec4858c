import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAYMENT_HOST } from '#server/test/payments.ts';
import { buildTestApp, TEST_PUBLIC_URL, type TestApp } from '#server/test/test-app.ts';

let app: TestApp;

beforeAll(async () => {
  app = await buildTestApp();
});

afterAll(() => app.close());

describe('another host name for the shop', () => {
  it.each(['127.0.0.1:3000', 'www.localhost:3000', 'localhost:8080', 'localhost.:3000'])(
    'sends a page asked of %s to the same path and query on PUBLIC_URL',
    async (host) => {
      for (const method of ['GET', 'HEAD'] as const) {
        const response = await app.inject({
          method,
          url: '/signin?next=%2Fcheckout',
          headers: { host },
        });
        expect(response.statusCode).toBe(301);
        expect(response.headers.location).toBe(`${TEST_PUBLIC_URL}/signin?next=%2Fcheckout`);
        expect(response.headers['cache-control']).toBe('no-store');
      }
    },
  );

  it('redirects the API too, so a page opened elsewhere never half-works', async () => {
    const response = await app.inject({
      url: '/api/auth/get-session',
      headers: { host: '127.0.0.1:3000' },
    });
    expect(response.statusCode).toBe(301);
    expect(response.headers.location).toBe(`${TEST_PUBLIC_URL}/api/auth/get-session`);
  });

  it('refuses a sign-in sent there, saying in plain words where to reload the page', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: {
        host: '127.0.0.1:3000',
        origin: 'http://127.0.0.1:3000',
        'sec-fetch-site': 'same-origin',
      },
      payload: { email: 'ada@example.com', password: 'correct horse battery' },
    });
    expect(response.statusCode).toBe(421);
    expect(response.json<{ message: string }>().message).toBe(
      "This page was opened at another address than the shop's. Reload it from http://localhost:3000 and try again.",
    );
  });

  it('answers the shop host in any letter case and with its default port spelled out', async () => {
    expect((await app.inject({ url: '/', headers: { host: 'LocalHost:3000' } })).statusCode).toBe(
      200,
    );
    const https = await buildTestApp({
      PUBLIC_URL: 'https://shop.example',
      PAYMENT_URL: 'https://pay.shop.example',
    });
    try {
      const response = await https.inject({ url: '/', headers: { host: 'shop.example:443' } });
      expect(response.statusCode).toBe(200);
    } finally {
      await https.close();
    }
  });

  it('leaves the payment host to the payment provider', async () => {
    const response = await app.inject({
      url: '/pay/v1/checkout.js',
      headers: { host: PAYMENT_HOST },
    });
    expect(response.statusCode).toBe(200);
  });
});

describe('behind a proxy', () => {
  it('ignores X-Forwarded-Host from anyone TRUST_PROXY does not name', async () => {
    const response = await app.inject({
      url: '/',
      headers: { 'x-forwarded-host': 'www.example.com' },
    });
    expect(response.statusCode).toBe(200);
  });

  it("goes by a trusted proxy's X-Forwarded-Host", async () => {
    const proxied = await buildTestApp({ TRUST_PROXY: '127.0.0.1' });
    try {
      const inside = { host: '10.0.0.5:3000', 'x-forwarded-for': '203.0.113.9' };
      const ours = await proxied.inject({
        url: '/',
        headers: { ...inside, 'x-forwarded-host': 'localhost:3000' },
      });
      expect(ours.statusCode).toBe(200);
      const other = await proxied.inject({
        url: '/shop',
        headers: { ...inside, 'x-forwarded-host': 'www.localhost:3000' },
      });
      expect(other.statusCode).toBe(301);
      expect(other.headers.location).toBe(`${TEST_PUBLIC_URL}/shop`);
    } finally {
      await proxied.close();
    }
  });
});

describe('an origin refusal that remains', () => {
  it('says in plain words that the page came from another address, and which to use', async () => {
    // The shop's own host, but a page of a sibling name (same-site, another origin).
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin: 'http://www.localhost:3000', 'sec-fetch-site': 'same-site' },
      payload: { email: 'ada@example.com', password: 'correct horse battery' },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({
      code: 'CROSS_SITE',
      message:
        "This page was opened at another address than the shop's. Reload it from http://localhost:3000 and try again.",
    });
  });
});
