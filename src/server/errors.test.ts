import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentProvider } from '#server/modules/payments/payments-service.ts';
import { newToken, UNLIMITED } from '#server/test/payments.ts';
import { buildTestApp, type TestApp } from '#server/test/test-app.ts';
import { INTERNAL_ERROR_MESSAGE } from '#server/platform/http/error-handler.ts';

let app: TestApp;

/** A provider whose charge fails the way a broken dependency does, with internal text. */
const broken = (): PaymentProvider => ({
  chargeToken() {
    return Promise.reject(new Error('SQLITE_BUSY: database is locked at /srv/data/shop.sqlite'));
  },
  findCharge: () => Promise.resolve(undefined),
  refund: () => Promise.reject(new Error('not refunding')),
  findRefund: () => Promise.resolve(undefined),
});

beforeAll(async () => {
  app = await buildTestApp(UNLIMITED, { payments: broken });
});

afterAll(() => app.close());

describe('errors', () => {
  it('answer a server failure with a generic message, never the internal text', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/orders',
      payload: {
        token: await newToken(app),
        idempotencyKey: 'error-handler-test-key',
        lines: [{ id: 1, size: 'L', quantity: 1 }],
        email: 'ada@example.com',
        approvedTotal: 2500,
      },
    });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({
      error: 'Internal Server Error',
      message: INTERNAL_ERROR_MESSAGE,
      code: 'INTERNAL_ERROR',
    });
    expect(response.body).not.toMatch(/SQLITE|shop\.sqlite/);
  });

  it("keep a client's mistake as a 4xx with its reason", async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: { 'content-type': 'application/json' },
      payload: '{"lines":',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: 'Bad Request' });
  });

  it('answer an unknown API path with JSON, not the HTML page', async () => {
    const response = await app.inject({ url: '/api/nope' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.json()).toMatchObject({ error: 'Not Found' });
  });
});
