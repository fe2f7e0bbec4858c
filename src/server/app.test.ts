import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app.ts';

let clientDir: string;
let app: Awaited<ReturnType<typeof buildApp>>;

/** A stand-in for `build/client` with the shapes the real build writes. */
async function writeFakeBuild(dir: string) {
  const files: Record<string, string> = {
    'index.html': '<h1>home</h1>',
    'shop/index.html': '<h1>shop</h1>',
    'shop/hats/index.html': '<h1>hats</h1>',
    '404/index.html': '<h1>Page not found</h1>',
    '__spa-fallback.html': '<div>fallback</div>',
    'assets/root-AbCdEf12.js': 'console.log(1)',
    'images/items/brown-brim-320.jpg': 'jpeg bytes',
    'favicon.svg': '<svg/>',
  };
  for (const [file, body] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(dir, file)), { recursive: true });
    await writeFile(path.join(dir, file), body);
  }
}

beforeAll(async () => {
  clientDir = await mkdtemp(path.join(tmpdir(), 'crwn-client-'));
  await writeFakeBuild(clientDir);
  app = await buildApp({ CLIENT_DIR: clientDir, LOG_LEVEL: 'silent' });
});

afterAll(async () => {
  await app.close();
  await rm(clientDir, { recursive: true, force: true });
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
    const empty = await mkdtemp(path.join(tmpdir(), 'crwn-empty-'));
    await mkdir(path.join(empty, 'assets'));
    await mkdir(path.join(empty, 'images'));
    await expect(buildApp({ CLIENT_DIR: empty, LOG_LEVEL: 'silent' })).rejects.toThrow(
      /npm run build/,
    );
    await rm(empty, { recursive: true, force: true });
  });
});
