import { createHash } from 'node:crypto';
import { request, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productPath, type Product } from '#shared/catalogue-model.ts';
import { createCatalogueService } from '#server/modules/catalogue/catalogue-service.ts';
import { buildTestApp, writeFakeBuild, type TestApp } from '#server/test/test-app.ts';
import { createPostgresTestDatabase, TEST_DATABASE } from '#server/test/test-database.ts';

/**
 * A server build as entry.server.tsx exports it, standing in for React Router's (which only
 * `npm run build` makes): each page lists what it read from the catalogue it is given, in its
 * markup and in an inline script, as React Router's hydration data does. The server's part is
 * under test here: rendering through the build, the render cache and its invalidation, headers.
 * The real pages are covered in the browser (tests/e2e/live-catalogue.spec.ts).
 */
const SERVER_BUILD = `
const page = (status, body, data) => new Response(
  '<!DOCTYPE html><html><head><script>window.__data=' + JSON.stringify(data) + '</script></head><body>' + body + '</body></html>',
  { status, headers: { 'content-type': 'text/html' } },
);
const line = (item) => '<li>' + item.name + ' $' + (item.price / 100).toFixed(2) + '</li>';
export const entry = { module: { catalogueRequestHandler: () => async (request, catalogue) => {
  const url = new URL(request.url);
  const path = url.pathname.replace(/\\.data$/, '').replace(/^\\/_$/, '/');
  const asData = url.pathname.endsWith('.data');
  let status = 200, body, data;
  if (path === '/') {
    data = (await catalogue.collections()).map((c) => c.title);
    body = '<h1>home</h1>' + data.map((title) => '<p>' + title + '</p>').join('');
  } else if (path === '/shop') {
    data = (await catalogue.collections()).map((c) => ({ title: c.title, items: c.items.slice(0, 4) }));
    body = data.map((c) => '<h2>' + c.title + '</h2><ul>' + c.items.map(line).join('') + '</ul>').join('');
  } else {
    const found = await catalogue.collection(path.split('/')[2], { sort: 'featured', page: 1 });
    if (!found) { status = 404; data = null; body = '<h1>Page not found</h1>'; }
    else { data = found.list.products; body = '<h1>' + found.collection.title + '</h1><ul>' + data.map(line).join('') + '</ul>'; }
  }
  if (asData) return new Response(JSON.stringify(data), { status, headers: { 'content-type': 'text/x-script', 'x-remix-response': 'yes' } });
  return page(status, body, data);
} } };
`;

const FILES = {
  'checkout/index.html': '<h1>checkout</h1>',
  '404/index.html': '<h1>Page not found</h1>',
  'robots.txt': 'User-agent: *\nDisallow: /account\n',
};

async function siteApp(env: Record<string, string> = {}) {
  return buildTestApp({
    CLIENT_DIR: await writeFakeBuild(FILES, SERVER_BUILD),
    PUBLIC_URL: 'https://shop.example/',
    PAYMENT_URL: 'https://pay.shop.example',
    ...env,
  });
}

/** Changes Brown Brim's price (id 1) through the catalogue's own writes, as the back office will. */
async function setBrownBrimPrice(app: TestApp, price: number) {
  const service = createCatalogueService({ db: app.db });
  const hats = await service.reader.collection('hats', { sort: 'featured', page: 1 });
  const index = hats?.list.products.findIndex((product) => product.id === 1) ?? -1;
  const brim = hats?.list.products[index] as Product;
  await service.change((writer) =>
    writer.upsertProducts([
      {
        ...brim,
        price,
        position: index + 1,
        stock: Object.fromEntries(brim.sizes.map(({ size, stock }) => [size, stock])),
      },
    ]),
  );
  service.close();
}

const html = async (app: TestApp, url: string) => (await app.inject({ url })).body;

describe('server-rendered catalogue pages', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await siteApp();
  });
  afterAll(() => app.close());

  it('shows a changed price on the next visit of /shop and /shop/hats, and a changed collection on /', async () => {
    expect(await html(app, '/shop')).toContain('Brown Brim $25.00');
    expect(await html(app, '/shop/hats')).toContain('Brown Brim $25.00');
    expect(await html(app, '/')).toContain('<p>Hats</p>');

    await setBrownBrimPrice(app, 2750);
    await expect.poll(() => html(app, '/shop'), { timeout: 5000 }).toContain('Brown Brim $27.50');
    expect(await html(app, '/shop/hats')).toContain('Brown Brim $27.50');

    const service = createCatalogueService({ db: app.db });
    const collections = await service.reader.collections();
    const hats = collections.find((collection) => collection.routeName === 'hats')!;
    await service.change((writer) =>
      writer.upsertCollections([
        {
          id: hats.id,
          routeName: 'hats',
          title: 'Caps and hats',
          position: 1,
          tilePosition: hats.tilePosition ?? 1,
          imageUrl: hats.imageUrl,
          size: null,
        },
      ]),
    );
    service.close();
    await expect.poll(() => html(app, '/'), { timeout: 5000 }).toContain('<p>Caps and hats</p>');
  }, 20_000);

  it('renders a changed stock level on the next visit (the cached page is dropped)', async () => {
    // The fake build puts the products it read, with their sizes' stock, in the page's data.
    expect(await html(app, '/shop/hats')).toContain('{"size":"M","stock":2}');
    const service = createCatalogueService({ db: app.db });
    await service.change((writer) => writer.setStock(1, 'M', 1));
    service.close();
    await expect
      .poll(() => html(app, '/shop/hats'), { timeout: 5000 })
      .toContain('{"size":"M","stock":1}');
  }, 20_000);

  it('answers an unknown collection with the not-found page and 404', async () => {
    const response = await app.inject({ url: '/shop/nope' });
    expect(response.statusCode).toBe(404);
    expect(response.body).toContain('Page not found');
  });

  it('sends each page with a policy that allows exactly its own inline script', async () => {
    const response = await app.inject({ url: '/shop/hats' });
    const script = /<script>([^<]*)<\/script>/.exec(response.body)?.[1] ?? '';
    const hash = createHash('sha256').update(script).digest('base64');
    expect(response.headers['content-security-policy']).toContain(`'sha256-${hash}'`);
  });

  it('revalidates with a strong ETag per encoding, and 304 until the page changes', async () => {
    const br = await app.inject({ url: '/shop/hats', headers: { 'accept-encoding': 'br' } });
    const plain = await app.inject({ url: '/shop/hats' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toBe('accept-encoding');
    expect(br.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    expect(br.headers.etag).toMatch(/^"[^W]/);
    expect(br.headers.etag).not.toBe(plain.headers.etag);
    const again = await app.inject({
      url: '/shop/hats',
      headers: { 'accept-encoding': 'br', 'if-none-match': String(br.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    const crossed = await app.inject({
      url: '/shop/hats',
      headers: { 'accept-encoding': 'br', 'if-none-match': String(plain.headers.etag) },
    });
    expect(crossed.statusCode).toBe(200);
  });

  it("serves the pages' data requests, React Router's headers kept", async () => {
    const response = await app.inject({ url: '/shop/hats.data' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/x-script');
    expect(response.headers['x-remix-response']).toBe('yes');
    expect(response.headers.etag).toBeDefined();
    expect(JSON.parse(response.body)).toContainEqual(expect.objectContaining({ id: 1 }));
  });

  it('renders one page for one query whatever the order of its parameters', async () => {
    const first = await app.inject({ url: '/shop/hats?sort=name&page=1' });
    const second = await app.inject({ url: '/shop/hats?page=1&sort=name' });
    expect(second.headers.etag).toBe(first.headers.etag);
  });

  it.each([
    ['/SHOP', '/shop'],
    ['/shop/', '/shop'],
    ['/Shop/Hats?sort=name', '/shop/hats?sort=name'],
  ])('sends %s to its canonical address %s', async (url, location) => {
    const response = await app.inject({ url });
    expect(response.statusCode).toBe(301);
    expect(response.headers.location).toBe(location);
  });

  it('still serves the prerendered pages, and the not-found page elsewhere', async () => {
    expect((await app.inject({ url: '/checkout' })).body).toBe('<h1>checkout</h1>');
    const unknown = await app.inject({ url: '/nope' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toBe('<h1>Page not found</h1>');
    const api = await app.inject({ url: '/api/nope' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ error: 'Not Found' });
  });

  it('lists every collection and product page of the catalogue in the sitemap', async () => {
    const locs = [...(await html(app, '/sitemap.xml')).matchAll(/<loc>([^<]+)<\/loc>/g)].map(
      (match) => match[1],
    );
    expect(locs).toContain('https://shop.example/');
    expect(locs).toContain('https://shop.example/shop');
    expect(locs).toContain('https://shop.example/shop/hats');
    expect(locs).toContain('https://shop.example/shop/hats/1-brown-brim');
    const products = (await app.catalogue.collections()).flatMap((collection) => collection.items);
    expect(products).toHaveLength(35);
    for (const product of products)
      expect(locs).toContain(`https://shop.example${productPath(product)}`);
    expect(locs).toContain('https://shop.example/checkout');
    expect(locs).not.toContain('https://shop.example/404');
  });
});

/** One GET over a real connection (the front cache answers only those), as a browser sends it. */
function get(port: number, path: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }>(
    (resolve, reject) => {
      request({ host: '127.0.0.1', port, path, headers: { host: 'shop.example', ...headers } })
        .on('response', (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () =>
            resolve({
              status: response.statusCode ?? 0,
              headers: response.headers,
              body: Buffer.concat(chunks),
            }),
          );
        })
        .on('error', reject)
        .end();
    },
  );
}

describe('the pages over a connection, answered again to visitors without cookies (ADR 043)', () => {
  let app: TestApp;
  let port: number;
  const lines: Record<string, unknown>[] = [];
  beforeAll(async () => {
    app = await buildTestApp(
      {
        CLIENT_DIR: await writeFakeBuild(FILES, SERVER_BUILD),
        PUBLIC_URL: 'https://shop.example/',
        PAYMENT_URL: 'https://pay.shop.example',
        LOG_LEVEL: 'info',
        LOG_FORMAT: 'json',
      },
      {
        logTo: { write: (line: string) => lines.push(JSON.parse(line) as Record<string, unknown>) },
      },
    );
    await app.listen({ port: 0, host: '127.0.0.1' });
    port = (app.server.address() as AddressInfo).port;
  });
  afterAll(() => app.close());

  const requestLines = (url: string) => lines.filter((line) => line.url === url && line.status);

  it('sends the same bytes and headers again, each request with its log line', async () => {
    const asked = { 'accept-encoding': 'gzip, deflate, br' };
    const first = await get(port, '/shop/hats', asked);
    const again = await get(port, '/shop/hats', asked);
    expect(first.status).toBe(200);
    expect(again.status).toBe(200);
    expect(again.body.equals(first.body)).toBe(true);
    // Every header the same but the moment it was sent.
    const withoutDate = (headers: IncomingHttpHeaders) => ({ ...headers, date: undefined });
    expect(withoutDate(again.headers)).toEqual(withoutDate(first.headers));
    const headers = first.headers;
    expect(headers['content-security-policy']).toContain("'sha256-");
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(requestLines('/shop/hats')).toHaveLength(2);
  });

  it('shows a changed price on the next visit', async () => {
    expect((await get(port, '/shop/hats')).body.toString()).toContain('Brown Brim $25.00');
    await setBrownBrimPrice(app, 2600);
    await expect
      .poll(async () => (await get(port, '/shop/hats')).body.toString(), { timeout: 5000 })
      .toContain('Brown Brim $26.00');
  }, 20_000);

  it('answers a revalidation with 304, a cookie with no other page, and another host with its redirect', async () => {
    const first = await get(port, '/shop');
    await get(port, '/shop');
    const revalidated = await get(port, '/shop', { 'if-none-match': String(first.headers.etag) });
    expect(revalidated.status).toBe(304);
    const withCookie = await get(port, '/shop', { cookie: 'crwn_signed_in=1' });
    expect(withCookie.status).toBe(200);
    expect(withCookie.body.equals(first.body)).toBe(true);
    const otherHost = await get(port, '/shop', { host: 'www.shop.example' });
    expect(otherHost.status).toBe(301);
  });
});

describe.runIf(TEST_DATABASE === 'postgres')('two servers on one PostgreSQL', () => {
  let database: Awaited<ReturnType<typeof createPostgresTestDatabase>>;
  let first: TestApp;
  let second: TestApp;
  beforeAll(async () => {
    database = await createPostgresTestDatabase();
    const env = { DATABASE_URL: database.url };
    first = await siteApp(env);
    second = await siteApp(env);
  }, 30_000);
  afterAll(async () => {
    await first.close();
    await second.close();
    await database.drop();
  });

  it("shows a change made through one server on the other's next page", async () => {
    expect(await html(second, '/shop/hats')).toContain('Brown Brim $25.00');
    await setBrownBrimPrice(first, 1999);
    await expect
      .poll(() => html(second, '/shop/hats'), { timeout: 5000 })
      .toContain('Brown Brim $19.99');
    expect(await html(second, '/shop')).toContain('Brown Brim $19.99');
    expect(await html(first, '/shop')).toContain('Brown Brim $19.99');
  }, 20_000);
});
