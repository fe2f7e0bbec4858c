import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CatalogueCollection, Product, ProductList } from '#shared/catalogue-model.ts';
import { buildTestApp, type TestApp } from '#server/test/test-app.ts';
import { createCatalogueService } from './catalogue-service.ts';

let app: TestApp;

beforeAll(async () => {
  app = await buildTestApp();
}, 30_000);

afterAll(async () => {
  await app.close();
});

const get = (url: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url, headers });

describe('the catalogue API', () => {
  it('lists every collection with its products, in order', async () => {
    const response = await get('/api/catalogue/collections');
    expect(response.statusCode).toBe(200);
    const { collections } = response.json<{ collections: CatalogueCollection[] }>();
    expect(collections.map((collection) => collection.routeName)).toEqual([
      'hats',
      'sneakers',
      'jackets',
      'womens',
      'mens',
    ]);
    expect(collections[0]?.items[0]).toMatchObject({ id: 1, name: 'Brown Brim', price: 2500 });
  });

  it('answers a collection page by its query string', async () => {
    const response = await get(
      '/api/catalogue/collections/hats?sort=price-desc&colour=blue&max=17',
    );
    expect(response.statusCode).toBe(200);
    const { collection, list } = response.json<{
      collection: { title: string };
      list: ProductList;
    }>();
    expect(collection.title).toBe('Hats');
    expect(list.products.map((product) => product.name)).toEqual(['Blue Snapback']);
    expect(list.facets.colours).toContain('green');
    // Malformed values fall back to the defaults, as a hand-edited link does on the page.
    const lenient = await get('/api/catalogue/collections/hats?sort=cheapest&page=zero');
    expect(lenient.statusCode).toBe(200);
    expect(lenient.json<{ list: ProductList }>().list).toMatchObject({ page: 1, total: 9 });
  });

  it('answers 404 for an unknown collection or product, 400 for a malformed id', async () => {
    for (const url of [
      '/api/catalogue/collections/socks',
      '/api/catalogue/collections/%E2%9C%93',
      '/api/catalogue/products/999',
    ]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.json<{ message: string }>().message).toMatch(/no (collection|product)/);
    }
    for (const url of [
      '/api/catalogue/products/0',
      '/api/catalogue/products/1e3',
      '/api/catalogue/products/-1',
    ]) {
      expect((await get(url)).statusCode, url).toBe(400);
    }
  });

  it('answers one product with its sizes and stock', async () => {
    const response = await get('/api/catalogue/products/1');
    expect(response.statusCode).toBe(200);
    expect(response.json<Product>()).toMatchObject({
      id: 1,
      name: 'Brown Brim',
      collection: 'hats',
      sizeKind: 'hat',
      sizes: [
        { size: 'S', stock: 0 },
        { size: 'M', stock: 2 },
        { size: 'L', stock: 14 },
      ],
    });
  });

  it('prices a cart: products by id, in the order asked, unknown ids left out', async () => {
    const response = await get('/api/catalogue/products?ids=13,1,999');
    expect(response.statusCode).toBe(200);
    expect(
      response
        .json<{ products: Product[] }>()
        .products.map((product) => [product.id, product.price]),
    ).toEqual([
      [13, 16000],
      [1, 2500],
    ]);
  });

  it('refuses ids it cannot read, and more than 50', async () => {
    const fiftyOne = Array.from({ length: 51 }, (_, index) => index + 1).join(',');
    for (const query of ['', '?ids=', '?ids=1,,2', '?ids=a', '?ids=1&ids=2', `?ids=${fiftyOne}`]) {
      const response = await get(`/api/catalogue/products${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json<{ message: string }>().message).toMatch(/1 to 50 product ids/);
    }
    const fifty = Array.from({ length: 50 }, (_, index) => index + 1).join(',');
    expect((await get(`/api/catalogue/products?ids=${fifty}`)).statusCode).toBe(200);
  });

  it('searches, with the listing query, and refuses an empty or overlong text', async () => {
    const response = await get('/api/catalogue/search?q=Snekers&sort=price-asc');
    expect(response.statusCode).toBe(200);
    const list = response.json<ProductList>();
    expect(list.total).toBe(8);
    expect(list.products[0]?.name).toBe('Black Converse');
    for (const query of ['', '?q=', '?q=%20%20', `?q=${'a'.repeat(101)}`, '?q=a&q=b']) {
      const refused = await get(`/api/catalogue/search${query}`);
      expect(refused.statusCode, query).toBe(400);
      expect(refused.json<{ message: string }>().message).toMatch(/1 to 100 characters/);
    }
    expect((await get(`/api/catalogue/search?q=${'a'.repeat(100)}`)).statusCode).toBe(200);
  });

  it('tells a client its copy is current until the catalogue changes', async () => {
    const first = await get('/api/catalogue/products/1');
    expect(first.headers['cache-control']).toBe('no-cache');
    const etag = String(first.headers.etag);
    const again = await get('/api/catalogue/products/1', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');

    // A change written by another process (an import): this server sees it within its check.
    await createCatalogueService({ db: app.db }).change((writer) => writer.setStock(1, 'L', 3));
    let changed = again;
    for (let tries = 0; tries < 200 && changed.statusCode === 304; tries += 1) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      changed = await get('/api/catalogue/products/1', { 'if-none-match': etag });
    }
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(changed.json<Product>().sizes[2]).toEqual({ size: 'L', stock: 3 });
  });
});
