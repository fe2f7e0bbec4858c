import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeBody } from '#server/test/encodings.ts';
import { signUp } from '#server/test/shoppers.ts';
import { buildTestApp, type TestApp } from '#server/test/test-app.ts';

let app: TestApp;
let cookie: string;

beforeAll(async () => {
  app = await buildTestApp();
  ({ cookie } = await signUp(app));
  // A cart of 20 lines: its JSON (names, pictures, prices) is some 3 kB.
  const lines = Array.from({ length: 20 }, (_, index) => ({ id: index + 1, quantity: 2 }));
  const saved = await app.inject({
    method: 'PUT',
    url: '/api/cart',
    headers: { cookie },
    payload: { version: 0, lines },
  });
  expect(saved.statusCode, saved.body).toBe(200);
});

afterAll(() => app.close());

describe('answers made per request', () => {
  it.each([
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip', 'gzip'],
  ])(
    'sends a large JSON answer compressed to a client accepting %s',
    async (accepted, encoding) => {
      const plain = await app.inject({ url: '/api/cart', headers: { cookie } });
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body.length).toBeGreaterThan(1024);

      const response = await app.inject({
        url: '/api/cart',
        headers: { cookie, 'accept-encoding': accepted },
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBe(encoding);
      expect(response.headers.vary).toContain('accept-encoding');
      expect(response.rawPayload.length).toBeLessThan(plain.body.length / 2);
      expect(JSON.parse(decodeBody(response.rawPayload, encoding))).toEqual(plain.json());
    },
  );

  it('leaves a small answer as it is: compressing it would cost more than it saves', async () => {
    const response = await app.inject({
      url: '/api/auth/get-session',
      headers: { 'accept-encoding': 'br' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
  });

  it('does not inflate a compressed request body (no client sends one; a bomb would)', async () => {
    const response = await app.inject({
      method: 'PUT',
      url: '/api/cart',
      headers: { cookie, 'content-type': 'application/json', 'content-encoding': 'gzip' },
      payload: gzipSync(JSON.stringify({ version: 1, lines: [] })),
    });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
  });
});
