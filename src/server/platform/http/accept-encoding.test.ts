import { writeFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brotli, gzip } from '#scripts/build/compress.ts';
import { buildTestApp, FAKE_BUILD, writeFakeBuild, type TestApp } from '#server/test/test-app.ts';

let app: TestApp;

beforeAll(async () => {
  // / has both compressed files, /shop only gzip, /shop/hats none.
  const clientDir = await writeFakeBuild(FAKE_BUILD);
  const home = Buffer.from(FAKE_BUILD['index.html'] ?? '');
  await writeFile(`${clientDir}/index.html.br`, brotli(home));
  await writeFile(`${clientDir}/index.html.gz`, gzip(home));
  await writeFile(`${clientDir}/shop/index.html.gz`, gzip(Buffer.from('<h1>shop</h1>')));
  app = await buildTestApp({ CLIENT_DIR: clientDir });
});

afterAll(() => app.close());

describe('the encoding a page is sent in', () => {
  it.each([
    ['gzip, deflate, br, zstd', '/', 'br'],
    ['gzip, deflate', '/', 'gzip'],
    ['x-gzip', '/', 'gzip'],
    ['br;q=0, gzip;q=0.5', '/', 'gzip'],
    ['*', '/', 'br'],
    ['*;q=0, identity', '/', undefined],
    ['identity', '/', undefined],
    ['', '/', undefined],
    [undefined, '/', undefined],
    ['br, gzip', '/shop', 'gzip'],
    ['br', '/shop/hats', undefined],
  ] as const)('for Accept-Encoding %j on %s is %s', async (header, url, expected) => {
    const response = await app.inject({
      url,
      headers: header === undefined ? {} : { 'accept-encoding': header },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe(expected);
  });
});
