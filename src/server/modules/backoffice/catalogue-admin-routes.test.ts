import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminCollection, AdminProduct, AdminProductList } from '#shared/catalogue-admin.ts';
import { productPath, type Product } from '#shared/catalogue-model.ts';
import type { CreateOrderResponse } from '#shared/orders.ts';
import { makeOwner } from '#server/modules/accounts/accounts-service.ts';
import { newToken, UNLIMITED } from '#server/test/payments.ts';
import { SHOPPER_ADDRESS, signUp, uniqueEmail } from '#server/test/shoppers.ts';
import { buildTestApp, writeFakeBuild, type TestApp } from '#server/test/test-app.ts';

// Issue 14: the back office's products and collections (ADR 045). Every change shows in the
// shop (API, pages, search, sitemap) at once and the next order is priced and stocked from it.

/** A server build standing in for React Router's: a collection page lists its products. */
const SERVER_BUILD = `
export const entry = { module: { catalogueRequestHandler: () => async (request, catalogue) => {
  const path = new URL(request.url).pathname;
  const found = path.startsWith('/shop/') && await catalogue.collection(path.split('/')[2], { sort: 'featured', page: 1 });
  if (!found) return new Response('<h1>Page not found</h1>', { status: 404, headers: { 'content-type': 'text/html' } });
  return new Response('<h1>' + found.collection.title + '</h1>' + found.list.products.map((p) => '<p>' + p.name + '</p>').join(''),
    { status: 200, headers: { 'content-type': 'text/html' } });
} } };
`;

let app: TestApp;
let owner: Awaited<ReturnType<typeof signUp>>;

beforeAll(async () => {
  app = await buildTestApp({
    ...UNLIMITED,
    CLIENT_DIR: await writeFakeBuild({ '404/index.html': '<h1>Page not found</h1>' }, SERVER_BUILD),
  });
  owner = await signUp(app, 'Olive', uniqueEmail('owner'));
  expect(await makeOwner(app.db, owner.email)).toBe('made');
}, 60_000);

afterAll(async () => {
  await app.close();
});

const admin = (method: 'GET' | 'POST' | 'PATCH' | 'PUT', url: string, payload?: object) =>
  app.inject({
    method,
    url: `/api/admin${url}`,
    headers: { cookie: owner.cookie, 'sec-fetch-site': 'same-origin' },
    ...(payload ? { payload } : {}),
  });

const shopProduct = async (id: number) => {
  const answer = await app.inject({ url: `/api/catalogue/products/${id}` });
  return answer.statusCode === 200 ? answer.json<Product>() : undefined;
};
const searchFor = async (text: string) =>
  (await app.inject({ url: `/api/catalogue/search?q=${encodeURIComponent(text)}` })).json<{
    products: Product[];
  }>().products;
const collectionOf = async (routeName: string) =>
  (await app.inject({ url: `/api/catalogue/collections/${routeName}` })).json<{
    list: { products: Product[] };
  }>().list;

const SCARF = {
  name: 'Heather Wool Scarf',
  description: 'A long scarf of soft heather wool.',
  price: 4250,
  collection: 'hats',
  imageUrl: '/images/items/brown-brim',
  colour: 'grey',
  sizeKind: 'hat',
  sizes: [
    { size: 'S', stock: 2 },
    { size: 'M', stock: 5 },
  ],
};

let keys = 0;
async function order(productId: number, size: string, approvedTotal: number) {
  const buyer = await signUp(app, 'Buyer', uniqueEmail('buyer'));
  return app.inject({
    method: 'POST',
    url: '/api/orders',
    headers: { 'sec-fetch-site': 'same-origin', cookie: buyer.cookie },
    payload: {
      token: await newToken(app),
      idempotencyKey: `catalogue-admin-${process.pid}-${Date.now()}-${(keys += 1)}`,
      lines: [{ id: productId, size, quantity: 1 }],
      email: buyer.email,
      shippingAddress: SHOPPER_ADDRESS,
      billingAddress: SHOPPER_ADDRESS,
      approvedTotal,
    },
  });
}

describe('a product made in the back office', () => {
  let scarf: AdminProduct;

  it('is on sale at once: first in its collection, on its page, in search and the sitemap, and sold from its stock', async () => {
    const made = await admin('POST', '/products', SCARF);
    expect(made.statusCode).toBe(201);
    scarf = made.json<AdminProduct>();
    expect(scarf).toMatchObject({
      name: 'Heather Wool Scarf',
      price: 4250,
      collection: 'hats',
      archived: false,
      sizes: [
        { size: 'S', stock: 2 },
        { size: 'M', stock: 5 },
        { size: 'L', stock: 0 },
      ],
    });
    expect(scarf.id).toBeGreaterThan(35);

    expect(await shopProduct(scarf.id)).toMatchObject({ name: SCARF.name, price: 4250 });
    expect((await collectionOf('hats')).products[0]?.name).toBe(SCARF.name);
    expect((await searchFor('heather scarf')).map((product) => product.id)).toContain(scarf.id);
    const sitemap = (await app.inject({ url: '/sitemap.xml' })).body;
    expect(sitemap).toContain(productPath(scarf));
    const page = await app.inject({ url: '/shop/hats' });
    expect(page.body).toContain('Heather Wool Scarf');

    expect((await order(scarf.id, 'L', 4250)).statusCode).toBe(409);
    const paid = await order(scarf.id, 'S', 4250);
    expect(paid.statusCode).toBe(201);
    expect(paid.json<CreateOrderResponse>().order.total).toBe(4250);
    expect((await admin('GET', `/products/${scarf.id}`)).json<AdminProduct>().sizes[0]).toEqual({
      size: 'S',
      stock: 1,
    });
  }, 60_000);

  it('has every field edited as one change, shown at once, the next order charged the new price', async () => {
    const edited = await admin('PATCH', `/products/${scarf.id}`, {
      name: 'Heather Wool Wrap',
      description: 'Wide enough to wear as a shawl.',
      price: 5100,
      collection: 'womens',
      imageUrl: '/images/items/blue-beanie',
      colour: 'Blue',
      sizeKind: 'clothing',
      sizes: [
        { size: 'S', stock: 4 },
        { size: 'XL', stock: 1 },
      ],
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({
      name: 'Heather Wool Wrap',
      collection: 'womens',
      colour: 'blue',
      sizeKind: 'clothing',
      sizes: [
        { size: 'XS', stock: 0 },
        { size: 'S', stock: 4 },
        { size: 'M', stock: 0 },
        { size: 'L', stock: 0 },
        { size: 'XL', stock: 1 },
      ],
    });
    const shown = await shopProduct(scarf.id);
    expect(shown).toMatchObject({
      name: 'Heather Wool Wrap',
      description: 'Wide enough to wear as a shawl.',
      price: 5100,
      collection: 'womens',
      imageUrl: '/images/items/blue-beanie',
      colour: 'blue',
    });
    expect((await collectionOf('womens')).products[0]?.id).toBe(scarf.id);
    expect((await collectionOf('hats')).products.map((product) => product.id)).not.toContain(
      scarf.id,
    );
    expect((await searchFor('wrap')).map((product) => product.id)).toContain(scarf.id);
    expect((await order(scarf.id, 'S', 4250)).json()).toMatchObject({ code: 'TOTAL_CHANGED' });
    expect((await order(scarf.id, 'XL', 5100)).statusCode).toBe(201);

    // Some sizes' stock alone, the others kept; the same again changes nothing and is not audited.
    const stock = await admin('PATCH', `/products/${scarf.id}`, { stock: { M: 3 } });
    expect(stock.json<AdminProduct>().sizes.map((size) => size.stock)).toEqual([0, 4, 3, 0, 0]);
    expect((await admin('PATCH', `/products/${scarf.id}`, { stock: { M: 3 } })).statusCode).toBe(
      200,
    );
    const audit = (await admin('GET', '/audit')).json<{
      entries: { action: string; subject: string; before: AdminProduct; after: AdminProduct }[];
    }>().entries;
    const edits = audit.filter(
      (entry) => entry.action === 'product.edit' && entry.subject === `product:${scarf.id}`,
    );
    expect(edits).toHaveLength(2);
    expect(edits[1]).toMatchObject({
      before: { name: 'Heather Wool Scarf', price: 4250 },
      after: { name: 'Heather Wool Wrap', price: 5100 },
    });
    expect(audit.map((entry) => entry.action)).toContain('product.create');
  }, 60_000);

  it('archived, is gone from the shop and cannot be bought; old orders still name it; restored, it is back', async () => {
    const archived = await admin('POST', `/products/${scarf.id}/archive`);
    expect(archived.json()).toMatchObject({ archived: true });
    expect(await shopProduct(scarf.id)).toBeUndefined();
    expect((await searchFor('wrap')).map((product) => product.id)).not.toContain(scarf.id);
    expect((await collectionOf('womens')).products.map((product) => product.id)).not.toContain(
      scarf.id,
    );
    expect((await app.inject({ url: '/sitemap.xml' })).body).not.toContain(`/${scarf.id}-`);
    const refused = await order(scarf.id, 'S', 5100);
    expect(refused.statusCode).toBeGreaterThanOrEqual(400);
    expect(refused.statusCode).toBeLessThan(500);
    // Orders keep the product as it was bought, archived or not.
    const orders = (await admin('GET', '/orders')).json<{ orders: { id: string }[] }>().orders;
    const bought = await Promise.all(
      orders.map(async ({ id }) =>
        (await admin('GET', `/orders/${id}`)).json<{ lines: { id: number; name: string }[] }>(),
      ),
    );
    expect(
      bought
        .flatMap((found) => found.lines.filter((line) => line.id === scarf.id))
        .map((line) => line.name)
        .sort(),
    ).toEqual(['Heather Wool Scarf', 'Heather Wool Wrap']);

    // An archived product can be edited and stays archived.
    const edited = await admin('PATCH', `/products/${scarf.id}`, { price: 4900 });
    expect(edited.json()).toMatchObject({ price: 4900, archived: true });
    expect(await shopProduct(scarf.id)).toBeUndefined();

    const listed = (await admin('GET', '/products?state=archived')).json<AdminProductList>();
    expect(listed.products.map((product) => product.id)).toEqual([scarf.id]);

    expect((await admin('POST', `/products/${scarf.id}/restore`)).json()).toMatchObject({
      archived: false,
    });
    expect(await shopProduct(scarf.id)).toMatchObject({ price: 4900 });
    const actions = (await admin('GET', '/audit'))
      .json<{ entries: { action: string }[] }>()
      .entries.map((entry) => entry.action);
    expect(actions).toEqual(expect.arrayContaining(['product.archive', 'product.restore']));
  }, 60_000);
});

describe('bad product input', () => {
  it('answers 400 with a clear message, never a 5xx, and changes nothing', async () => {
    const cases: [object, string][] = [
      [{ ...SCARF, name: '  ' }, 'Give the product a name.'],
      [{ ...SCARF, collection: 'scarves' }, 'There is no collection "scarves".'],
      [
        { ...SCARF, sizes: [{ size: 'XXL', stock: 1 }] },
        'A hat comes in S, M, L: there is no size XXL.',
      ],
      [
        {
          ...SCARF,
          sizes: [
            { size: 'M', stock: 1 },
            { size: 'M', stock: 2 },
          ],
        },
        'Size M is given twice.',
      ],
      [{ ...SCARF, sizes: [{ size: 'M', stock: -1 }] }, 'Stock cannot be below 0.'],
      [{ ...SCARF, sizes: [{ size: 'M', stock: 1.5 }] }, 'Stock is a whole number.'],
      [{ ...SCARF, price: 0 }, 'A price is at least 1 cent.'],
      [{ ...SCARF, price: '12.50' }, 'The price is a number of cents.'],
      [
        { ...SCARF, imageUrl: 'https://evil.example/x.jpg' },
        'The picture is one of the shop’s product pictures or an uploaded one.',
      ],
      [{ ...SCARF, colour: 'dark grey' }, 'The colour is one word'],
      [{ ...SCARF, sizeKind: 'gloves' }, 'The sizes are hat, shoe, clothing or none.'],
      [{ ...SCARF, sizeKind: null, sizes: [{ size: 'M', stock: 1 }] }, 'A one-size product'],
    ];
    const before = (await admin('GET', '/products?state=all')).json<AdminProductList>().total;
    for (const [body, message] of cases) {
      const answer = await admin('POST', '/products', body);
      expect(answer.statusCode, JSON.stringify(body)).toBe(400);
      expect(answer.json<{ message: string }>().message).toContain(message);
    }
    expect((await admin('GET', '/products?state=all')).json<AdminProductList>().total).toBe(before);

    const patch = async (url: string, body: object) => admin('PATCH', url, body);
    expect((await patch('/products/1', {})).json()).toMatchObject({
      message: 'Give something to change.',
    });
    expect((await patch('/products/1', { stock: { XXL: 5 } })).json()).toEqual({
      error: 'Bad Request',
      code: 'VALIDATION_ERROR',
      message: 'This product has no size XXL.',
    });
    expect(
      (await patch('/products/1', { stock: { M: 1 }, sizes: [{ size: 'M', stock: 1 }] })).json(),
    ).toMatchObject({ message: 'Give the sizes whole or some sizes’ stock, not both.' });
    expect((await patch('/products/1', { archived: true })).statusCode).toBe(400);
    expect((await patch('/products/999999', { price: 100 })).statusCode).toBe(404);
    expect((await patch('/products/abc', { price: 100 })).statusCode).toBe(404);
    expect((await admin('POST', '/products/999999/archive')).statusCode).toBe(404);
    expect((await admin('GET', '/products?state=gone')).json()).toMatchObject({
      message: 'The state is on-sale, archived or all.',
    });
  }, 60_000);
});

describe('the product list', () => {
  it('searches names, filters by collection, state and stock, and pages by 50', async () => {
    const list = async (query: string) =>
      (await admin('GET', `/products${query}`)).json<AdminProductList>();
    const all = await list('');
    expect(all.pageSize).toBe(50);
    expect(all.products.every((product) => !product.archived)).toBe(true);
    // Newest first.
    const ids = all.products.map((product) => product.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));

    const brims = await list('?q=BRIM');
    expect(brims.products.map((product) => product.name)).toEqual(
      expect.arrayContaining(['Brown Brim', 'Blue Beanie'].filter((name) => /brim/i.test(name))),
    );
    expect(brims.products.every((product) => /brim/i.test(product.name))).toBe(true);
    expect((await list('?q=100%25')).total).toBe(0);

    const sneakers = await list('?collection=sneakers');
    expect(sneakers.total).toBe(8);
    expect(sneakers.products.every((product) => product.collection === 'sneakers')).toBe(true);

    await admin('PATCH', '/products/10', {
      stock: Object.fromEntries(
        ['US 6', 'US 7', 'US 8', 'US 9', 'US 10', 'US 11', 'US 12', 'US 13'].map((size) => [
          size,
          0,
        ]),
      ),
    });
    await admin('PATCH', '/products/11', { stock: { 'US 9': 2 } });
    const soldOut = await list('?collection=sneakers&stock=sold-out');
    expect(soldOut.products.map((product) => product.id)).toEqual([10]);
    const low = await list('?collection=sneakers&stock=low');
    expect(low.products.map((product) => product.id)).toEqual(expect.arrayContaining([10, 11]));

    const many = [];
    for (let n = 0; n < 51; n += 1) {
      many.push(admin('POST', '/products', { ...SCARF, name: `Paged Sock ${n}` }));
    }
    await Promise.all(many);
    const first = await list('?q=paged%20sock');
    expect(first.total).toBe(51);
    expect(first.products).toHaveLength(50);
    expect((await list('?q=paged%20sock&page=2')).products).toHaveLength(1);
  }, 60_000);
});

describe('collections', () => {
  it('are made with a tile of their own, renamed (the old address redirects) and reordered; the home directory follows', async () => {
    const collections = async () =>
      (await admin('GET', '/collections')).json<{ collections: AdminCollection[] }>().collections;
    const shopCollections = async () =>
      (await app.inject({ url: '/api/catalogue/collections' })).json<{
        collections: { id: number; title: string; routeName: string; tilePosition: number }[];
      }>().collections;
    const before = await collections();

    const made = await admin('POST', '/collections', { title: 'Summer Scarves' });
    expect(made.statusCode).toBe(201);
    const scarves = made.json<AdminCollection>();
    expect(scarves).toMatchObject({
      title: 'Summer Scarves',
      routeName: 'summer-scarves',
      // No picture yet: the first tile's until one is chosen.
      imageUrl: before.find((collection) => collection.tilePosition === 1)?.imageUrl,
      position: before.length + 1,
      tilePosition: before.length + 1,
      products: 0,
    });
    expect((await shopCollections()).at(-1)).toMatchObject({
      title: 'Summer Scarves',
      tilePosition: before.length + 1,
    });
    expect((await app.inject({ url: '/shop/summer-scarves' })).statusCode).toBe(200);

    const product = (
      await admin('POST', '/products', {
        ...SCARF,
        name: 'Linen Scarf',
        collection: 'summer-scarves',
      })
    ).json<AdminProduct>();

    expect((await admin('POST', '/collections', { title: 'Hats' })).statusCode).toBe(409);
    expect((await admin('POST', '/collections', { title: 'Product' })).statusCode).toBe(400);
    expect(
      (await admin('POST', '/collections', { title: 'x', routeName: 'Bad Name' })).json(),
    ).toMatchObject({
      message:
        'The address is lower-case letters, digits and single hyphens, as in /shop/summer-hats.',
    });
    expect((await admin('POST', '/collections', { title: ' ' })).statusCode).toBe(400);

    const renamed = await admin('PATCH', `/collections/${scarves.id}`, {
      title: 'Scarves',
      routeName: 'scarves',
      imageUrl: '/images/sections/womens',
    });
    expect(renamed.json()).toMatchObject({ title: 'Scarves', routeName: 'scarves' });
    expect((await app.inject({ url: '/shop/scarves' })).body).toContain('<h1>Scarves</h1>');
    const redirected = await app.inject({ url: '/shop/summer-scarves?page=2' });
    expect(redirected.statusCode).toBe(301);
    expect(redirected.headers.location).toBe('/shop/scarves?page=2');
    const productRedirect = await app.inject({
      url: `/shop/summer-scarves/${product.id}-linen-scarf`,
    });
    expect(productRedirect.headers.location).toBe(`/shop/scarves/${product.id}-linen-scarf`);
    expect((await shopProduct(product.id))?.collection).toBe('scarves');
    expect(
      (await admin('PATCH', `/collections/${scarves.id}`, { routeName: 'hats' })).statusCode,
    ).toBe(409);
    expect((await admin('PATCH', '/collections/9999', { title: 'X' })).statusCode).toBe(404);
    // Not a collection's id: a 404 whatever the body.
    expect((await admin('PATCH', '/collections/order', {})).statusCode).toBe(404);

    // A new collection may take a former address: its own address wins.
    const taken = await admin('POST', '/collections', { title: 'Summer Scarves' });
    expect(taken.statusCode).toBe(201);
    expect((await app.inject({ url: '/shop/summer-scarves' })).statusCode).toBe(200);

    const ids = (await collections()).map((collection) => collection.id);
    const reversed = [...ids].reverse();
    const reordered = await admin('PUT', '/collection-order', {
      overview: reversed,
      directory: [scarves.id, ...ids.filter((id) => id !== scarves.id)],
    });
    expect(reordered.statusCode).toBe(200);
    const shop = await shopCollections();
    expect(shop.map((collection) => collection.id)).toEqual(reversed);
    expect(shop.find((collection) => collection.id === scarves.id)?.tilePosition).toBe(1);
    const incomplete = await admin('PUT', '/collection-order', { overview: ids.slice(1) });
    expect(incomplete.json<{ message: string }>().message).toContain(
      'must name every collection once',
    );
    expect((await admin('PUT', '/collection-order', {})).statusCode).toBe(400);

    const actions = (await admin('GET', '/audit'))
      .json<{ entries: { action: string }[] }>()
      .entries.map((entry) => entry.action);
    expect(actions).toEqual(
      expect.arrayContaining(['collection.create', 'collection.edit', 'collections.reorder']),
    );
  }, 60_000);
});

describe('pictures', () => {
  it('an uploaded picture is kept only when it was stored as the kind the product or tile needs', async () => {
    const upload = async (kind: 'item' | 'section') => {
      const bytes = await sharp({
        create: {
          width: 400,
          height: 500,
          channels: 3,
          background: { r: 40, g: 90, b: kind === 'item' ? 200 : 10 },
        },
      })
        .png()
        .toBuffer();
      const answer = await app.inject({
        method: 'POST',
        url: `/api/admin/pictures?kind=${kind}`,
        headers: {
          cookie: owner.cookie,
          'sec-fetch-site': 'same-origin',
          'content-type': 'image/png',
        },
        payload: bytes,
      });
      expect(answer.statusCode).toBe(201);
      return answer.json<{ imageUrl: string }>().imageUrl;
    };
    const item = await upload('item');
    const section = await upload('section');

    const made = await admin('POST', '/products', {
      ...SCARF,
      name: 'Uploaded Scarf',
      imageUrl: item,
    });
    expect(made.statusCode).toBe(201);
    expect(await shopProduct(made.json<AdminProduct>().id)).toMatchObject({ imageUrl: item });

    const never = '/images/uploads/0123456789abcdef0123456789abcdef';
    const scarves = async () =>
      (await admin('GET', '/products?state=all&q=heather')).json<AdminProductList>().total;
    const before = await scarves();
    for (const imageUrl of [never, section]) {
      const refused = await admin('POST', '/products', { ...SCARF, imageUrl });
      expect(refused.statusCode).toBe(400);
      expect(refused.json<{ message: string }>().message).toBe(
        'That picture was not uploaded as a product picture: upload it again here.',
      );
    }
    // Refused, nothing was made.
    expect(await scarves()).toBe(before);
    expect(
      (await admin('POST', '/collections', { title: 'Gloves', imageUrl: item })).statusCode,
    ).toBe(400);
    const gloves = await admin('POST', '/collections', { title: 'Gloves', imageUrl: section });
    expect(gloves.json()).toMatchObject({ imageUrl: section });
    expect(
      (
        await admin('POST', '/collections', {
          title: 'Mittens',
          imageUrl: '/images/items/brown-brim',
        })
      ).json(),
    ).toMatchObject({
      message: 'The picture is one of the shop’s tile pictures or an uploaded one.',
    });
  }, 60_000);
});
