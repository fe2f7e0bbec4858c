import { PAYMENT_HOST } from '#server/test/payments.ts';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { buildTestApp, writeFakeBuild, type TestApp } from '#server/test/test-app.ts';

let app: TestApp;

beforeAll(async () => {
  app = await buildTestApp();
});

afterAll(async () => {
  await app.close();
});

describe('pages', () => {
  it.each([
    ['/', 'home'],
    ['/shop', 'shop'],
    ['/shop/hats', 'hats'],
  ])('serves the prerendered %s, revalidated on each visit', async (url, text) => {
    const response = await app.inject({ url });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).toContain(text);
  });

  it('answers a repeat visit with 304 when the page has not changed', async () => {
    const first = await app.inject({ url: '/shop' });
    const again = await app.inject({
      url: '/shop',
      headers: { 'if-none-match': first.headers.etag },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it.each([
    '/nope',
    '/shop/nope',
    '/shop/hats/extra',
    '/404',
    '/shop/index.html',
    '/__spa-fallback.html',
  ])('answers %s with the not-found page and HTTP 404', async (url) => {
    const response = await app.inject({ url });
    expect(response.statusCode).toBe(404);
    expect(response.body).toContain('Page not found');
  });

  it('sends /shop/ to the canonical /shop, keeping the query', async () => {
    const response = await app.inject({ url: '/shop/?ref=mail' });
    expect(response.statusCode).toBe(301);
    expect(response.headers.location).toBe('/shop?ref=mail');
  });

  it('answers other methods on unknown paths with a JSON 404, not a page', async () => {
    const response = await app.inject({ method: 'POST', url: '/api/nothing', payload: { a: 1 } });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ error: 'Not Found' });
  });
});

describe('static files', () => {
  it('caches content-hashed assets for good', async () => {
    const response = await app.inject({ url: '/assets/root-AbCdEf12.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('serves images and top-level files for a day', async () => {
    for (const url of ['/images/items/brown-brim-320.jpg', '/favicon.svg']) {
      const response = await app.inject({ url });
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('public, max-age=86400');
    }
  });

  it('sets the usual security headers', async () => {
    const response = await app.inject({ url: '/' });
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
  });
});

describe('start-up', () => {
  it('refuses to start without a build, saying what to run', async () => {
    const empty = await writeFakeBuild({ 'assets/.keep': '', 'images/.keep': '' });
    const config = loadConfig({
      CLIENT_DIR: empty,
      LOG_LEVEL: 'silent',
      DATABASE_FILE: ':memory:',
      AUTH_SECRET: 'x'.repeat(32),
    });
    await expect(buildApp(config)).rejects.toThrow(/npm run build/);
    await rm(empty, { recursive: true, force: true });
  });

  it('refuses to start without the card widget’s scripts, saying what to run', async () => {
    const client = await writeFakeBuild();
    await rm(path.resolve(client, '../widget'), { recursive: true });
    const config = loadConfig({
      CLIENT_DIR: client,
      LOG_LEVEL: 'silent',
      DATABASE_FILE: ':memory:',
      AUTH_SECRET: 'x'.repeat(32),
    });
    await expect(buildApp(config)).rejects.toThrow(/checkout\.js is missing: run `npm run build`/);
    await rm(path.dirname(client), { recursive: true, force: true });
  });
});

describe('without the site (SERVE_SITE=false, as in npm run dev)', () => {
  it('starts with no build but the card widget’s scripts, and serves the API only', async () => {
    // What `npm run dev` builds before it starts the server.
    const client = await writeFakeBuild({});
    const api = await buildApp(
      loadConfig({
        CLIENT_DIR: client,
        SERVE_SITE: 'false',
        LOG_LEVEL: 'silent',
        DATABASE_FILE: ':memory:',
        AUTH_SECRET: 'x'.repeat(32),
      }),
    );
    try {
      // The shop's own host (PUBLIC_URL's default), as a browser there sends it.
      const host = 'localhost:3000';
      expect((await api.inject({ url: '/', headers: { host } })).json()).toMatchObject({
        error: 'Not Found',
      });
      expect((await api.inject({ url: '/favicon.svg', headers: { host } })).statusCode).toBe(404);
      expect(
        (await api.inject({ url: '/pay/v1/checkout.js', headers: { host: PAYMENT_HOST } }))
          .statusCode,
      ).toBe(200);
      expect(
        (await api.inject({ url: '/api/auth/get-session', headers: { host } })).statusCode,
      ).toBe(200);
    } finally {
      await api.close();
      await rm(path.dirname(client), { recursive: true, force: true });
    }
  });
});
