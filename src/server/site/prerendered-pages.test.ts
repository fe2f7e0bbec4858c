import { writeFile } from 'node:fs/promises';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brotli, gzip } from '#scripts/build/compress.ts';
import { buildTestApp, writeFakeBuild, type TestApp } from '#server/test/test-app.ts';

const HOME = '<h1>home</h1>'.repeat(50);
let app: TestApp;

beforeAll(async () => {
  const clientDir = await writeFakeBuild({
    'index.html': HOME,
    'shop/index.html': '<h1>shop</h1>',
    'shop/hats/index.html': '<h1>hats</h1>',
    'account/index.html': '<h1>account</h1>',
    '404/index.html': '<h1>Page not found</h1>',
    'robots.txt': 'User-agent: *\nDisallow: /account\n',
  });
  // What scripts/build/precompress.ts writes beside the home page.
  await writeFile(`${clientDir}/index.html.br`, brotli(Buffer.from(HOME)));
  await writeFile(`${clientDir}/index.html.gz`, gzip(Buffer.from(HOME)));
  app = await buildTestApp({
    CLIENT_DIR: clientDir,
    PUBLIC_URL: 'https://shop.example/',
    PAYMENT_URL: 'https://pay.shop.example',
  });
});

afterAll(() => app.close());

describe('compressed pages', () => {
  it('sends the brotli page to a browser that accepts it', async () => {
    const response = await app.inject({
      url: '/',
      headers: { 'accept-encoding': 'gzip, deflate, br, zstd' },
    });
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers.vary).toBe('accept-encoding');
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(HOME);
  });

  it('sends gzip when brotli is not accepted, and the plain page when nothing is', async () => {
    const gzipped = await app.inject({ url: '/', headers: { 'accept-encoding': 'gzip' } });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzipped.rawPayload).toString()).toBe(HOME);

    const plain = await app.inject({ url: '/', headers: { 'accept-encoding': 'br;q=0' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toBe('accept-encoding');
    expect(plain.body).toBe(HOME);
  });

  it('gives each encoding its own ETag and revalidates each', async () => {
    const br = await app.inject({ url: '/', headers: { 'accept-encoding': 'br' } });
    const plain = await app.inject({ url: '/' });
    expect(br.headers.etag).not.toBe(plain.headers.etag);
    const again = await app.inject({
      url: '/',
      headers: { 'accept-encoding': 'br', 'if-none-match': `W/${String(br.headers.etag)}` },
    });
    expect(again.statusCode).toBe(304);
    // An ETag of another encoding must not validate this one.
    const crossed = await app.inject({
      url: '/',
      headers: { 'accept-encoding': 'br', 'if-none-match': String(plain.headers.etag) },
    });
    expect(crossed.statusCode).toBe(200);
  });

  it('serves a page the build did not compress as it is', async () => {
    const response = await app.inject({ url: '/shop/hats', headers: { 'accept-encoding': 'br' } });
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.body).toBe('<h1>hats</h1>');
  });
});

describe('crawler files', () => {
  it('lists every page but the not-found page and those robots.txt disallows', async () => {
    const response = await app.inject({ url: '/sitemap.xml' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/xml; charset=utf-8');
    const locs = [...response.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
    expect(locs).toEqual([
      'https://shop.example/',
      'https://shop.example/shop',
      'https://shop.example/shop/hats',
    ]);
  });

  it('points robots.txt at the sitemap, keeping its rules', async () => {
    const response = await app.inject({ url: '/robots.txt' });
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(response.body).toBe(
      'User-agent: *\nDisallow: /account\n\nSitemap: https://shop.example/sitemap.xml\n',
    );
  });
});

describe('paths in another letter case', () => {
  it.each([
    ['/SHOP', '/shop'],
    ['/Shop/Hats?ref=mail', '/shop/hats?ref=mail'],
    ['/SHOP/', '/shop'],
  ])('sends %s to the page at its lower-case address %s', async (url, location) => {
    const response = await app.inject({ url });
    expect(response.statusCode).toBe(301);
    expect(response.headers.location).toBe(location);
  });

  it.each(['/SHOP/unknown', '/Nope', '/404'.toUpperCase()])(
    'answers %s, which is no page in any case, with the not-found page',
    async (url) => {
      const response = await app.inject({ url });
      expect(response.statusCode).toBe(404);
      expect(response.body).toBe('<h1>Page not found</h1>');
    },
  );
});
