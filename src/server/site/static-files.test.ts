import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brotli, gzip } from '#scripts/build/compress.ts';
import { buildTestApp, writeFakeBuild, type TestApp } from '#server/test/test-app.ts';

const SCRIPT = 'console.log("a chunk");\n'.repeat(40);
let app: TestApp;

beforeAll(async () => {
  const clientDir = await writeFakeBuild({
    'assets/entry-AbCdEf12.js': SCRIPT,
    'images/items/brown-brim-320.jpg': 'jpeg bytes',
    'favicon.svg': '<svg/>',
    'index.html': '<h1>home</h1>',
    '404/index.html': '<h1>Page not found</h1>',
  });
  const file = path.join(clientDir, 'assets/entry-AbCdEf12.js');
  await writeFile(`${file}.br`, brotli(Buffer.from(SCRIPT)));
  await writeFile(`${file}.gz`, gzip(Buffer.from(SCRIPT)));
  await writeFile(path.join(clientDir, 'index.html.br'), brotli(Buffer.from('<h1>home</h1>')));
  app = await buildTestApp({ CLIENT_DIR: clientDir });
});

afterAll(() => app.close());

describe('static files', () => {
  it('sends the build-time brotli file of a script, cached for good', async () => {
    const response = await app.inject({
      url: '/assets/entry-AbCdEf12.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(SCRIPT);
  });

  it('sends the plain file to a client that accepts no compression', async () => {
    const response = await app.inject({ url: '/assets/entry-AbCdEf12.js' });
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.body).toBe(SCRIPT);
  });

  it('answers 304 to a browser that has the script already, by its ETag', async () => {
    const headers = { 'accept-encoding': 'br' };
    const first = await app.inject({ url: '/assets/entry-AbCdEf12.js', headers });
    const etag = first.headers.etag;
    expect(etag).toBeTruthy();
    const again = await app.inject({
      url: '/assets/entry-AbCdEf12.js',
      headers: { ...headers, 'if-none-match': String(etag) },
    });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
  });

  it('answers 404 for a script the build did not write', async () => {
    for (const url of ['/assets/entry-XXXXXXXX.js', '/assets/']) {
      expect((await app.inject({ url })).statusCode, url).toBe(404);
    }
  });

  it('answers HEAD with the headers and no body', async () => {
    const response = await app.inject({ method: 'HEAD', url: '/assets/entry-AbCdEf12.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.rawPayload.length).toBe(0);
  });

  it('serves a file from the top of the build, but never a page or its compressed copy', async () => {
    expect((await app.inject({ url: '/favicon.svg' })).body).toBe('<svg/>');
    for (const url of ['/index.html', '/index.html.br']) {
      expect((await app.inject({ url })).statusCode).toBe(404);
    }
  });
});
