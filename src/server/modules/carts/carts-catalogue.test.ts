import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminProduct } from '#shared/catalogue-admin.ts';
import type { ProductsAnswer } from '#shared/catalogue-model.ts';
import type { CartDocument } from '#shared/carts.ts';
import type { CreateOrderResponse } from '#shared/orders.ts';
import { makeOwner } from '#server/modules/accounts/accounts-service.ts';
import { newToken, UNLIMITED } from '#server/test/payments.ts';
import { SHOPPER_ADDRESS, signUp, uniqueEmail } from '#server/test/shoppers.ts';
import { setStock } from '#server/test/stock.ts';
import { buildTestApp, type TestApp } from '#server/test/test-app.ts';

// Issue 25, "One catalogue" (ADR 053): the account's cart is named and priced from the
// catalogue as the owner left it, the very one orders are priced from, not the compiled seed.

let app: TestApp;
let owner: Awaited<ReturnType<typeof signUp>>;

beforeAll(async () => {
  app = await buildTestApp(UNLIMITED);
  owner = await signUp(app, 'Olive', uniqueEmail('owner'));
  expect(await makeOwner(app.db, owner.email)).toBe('made');
}, 60_000);

afterAll(() => app.close());

const admin = (method: 'POST' | 'PATCH', url: string, payload?: object) =>
  app.inject({
    method,
    url: `/api/admin${url}`,
    headers: { cookie: owner.cookie, 'sec-fetch-site': 'same-origin' },
    ...(payload ? { payload } : {}),
  });

const cartOf = async (cookie: string) =>
  (await app.inject({ url: '/api/cart', headers: { cookie } })).json<CartDocument>();

const writeCart = (cookie: string, version: number, lines: object[]) =>
  app.inject({ method: 'PUT', url: '/api/cart', headers: { cookie }, payload: { version, lines } });

const SCARF = {
  name: 'Heather Wool Scarf',
  description: 'A long scarf of soft heather wool.',
  price: 4250,
  collection: 'hats',
  imageUrl: '/images/items/brown-brim',
  colour: 'grey',
  sizeKind: 'hat',
  sizes: [{ size: 'M', stock: 5 }],
};

describe('the account cart and the catalogue the owner keeps', () => {
  it('shows a price the owner changed, keeps a product the owner added, and pays the new total', async () => {
    const shopper = await signUp(app, 'Ada', uniqueEmail('ada'));
    await setStock(app.db, 1, 'M', 10);
    const first = await writeCart(shopper.cookie, 0, [{ id: 1, size: 'M', quantity: 2 }]);
    expect(first.json<CartDocument>().total).toBe(5000);

    // The owner raises Brown Brim from $25 to $31 and adds a scarf.
    const priced = await admin('PATCH', '/products/1', { price: 3100 });
    expect(priced.statusCode).toBe(200);
    const made = await admin('POST', '/products', SCARF);
    expect(made.statusCode).toBe(201);
    const scarf = made.json<AdminProduct>();

    const reloaded = await cartOf(shopper.cookie);
    expect(reloaded.lines).toEqual([
      { id: 1, name: 'Brown Brim', size: 'M', unitPrice: 3100, quantity: 2, lineTotal: 6200 },
    ]);
    expect(reloaded.total).toBe(6200);

    const added = await writeCart(shopper.cookie, reloaded.version, [
      { id: 1, size: 'M', quantity: 2 },
      { id: scarf.id, size: 'M', quantity: 1 },
    ]);
    expect(added.statusCode).toBe(200);
    const cart = added.json<CartDocument>();
    expect(cart.lines.map((line) => [line.name, line.unitPrice])).toEqual([
      ['Brown Brim', 3100],
      ['Heather Wool Scarf', 4250],
    ]);
    expect(cart.total).toBe(6200 + 4250);

    const order = await app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: { cookie: shopper.cookie, 'sec-fetch-site': 'same-origin' },
      payload: {
        token: await newToken(app),
        idempotencyKey: `one-catalogue-${process.pid}-${Date.now()}`,
        lines: cart.lines.map(({ id, size, quantity }) => ({ id, size, quantity })),
        email: shopper.email,
        shippingAddress: SHOPPER_ADDRESS,
        billingAddress: SHOPPER_ADDRESS,
        approvedTotal: cart.total,
      },
    });
    expect(order.statusCode).toBe(201);
    expect(order.json<CreateOrderResponse>().order.total).toBe(10_450);
  }, 60_000);

  it('leaves out a product archived since it was added, and names it as off sale', async () => {
    const shopper = await signUp(app, 'Bea', uniqueEmail('bea'));
    await writeCart(shopper.cookie, 0, [
      { id: 2, size: 'M', quantity: 1 },
      { id: 3, size: 'M', quantity: 1 },
    ]);
    expect((await admin('POST', '/products/3/archive')).statusCode).toBe(200);

    const cart = await cartOf(shopper.cookie);
    expect(cart.lines.map((line) => line.name)).toEqual(['Blue Beanie']);
    expect(cart.total).toBe(1800);

    const answer = (
      await app.inject({ url: '/api/catalogue/products?ids=2,3,999' })
    ).json<ProductsAnswer>();
    expect(answer.products.map((product) => product.id)).toEqual([2]);
    expect(answer.unavailable).toEqual([{ id: 3, name: 'Brown Cowboy' }]);
  }, 60_000);
});
