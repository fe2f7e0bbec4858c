import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import Database from 'better-sqlite3';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CreateOrderResponse, type Order, type OrderListResponse } from '#shared/orders.ts';
import {
  createLocalPaymentProvider,
  type ChargeRequest,
  type PaymentProvider,
} from '#server/modules/payments/payments-service.ts';
import { newToken, requestToken, testCard, UNLIMITED } from '#server/test/payments.ts';
import { buildTestApp, FAKE_BUILD, writeFakeBuild, type TestApp } from '#server/test/test-app.ts';
import { signUp } from '#server/test/shoppers.ts';
import { setAllStock, stockOf, totalOf, withSizes } from '#server/test/stock.ts';
import { sharedDatabase } from '#server/test/shared-database.ts';
import { TEST_DATABASE } from '#server/test/test-database.ts';

let app: TestApp;
let db: TestApp['db'];

beforeAll(async () => {
  app = await buildTestApp({
    ...UNLIMITED,
    CLIENT_DIR: await writeFakeBuild({
      ...FAKE_BUILD,
      'checkout/confirmation/index.html': '<h1>Your order</h1>',
    }),
  });
  db = app.db;
  // These tests place many orders; running out is tested on its own (orders-stock.test.ts).
  await setAllStock(db, 10_000);
});

afterAll(() => app.close());

let keyCounter = 0;
const newKey = () => `test-key-${process.pid}-${Date.now()}-${(keyCounter += 1)}`;

const address = {
  name: 'Ada Lovelace',
  line1: '1 Analytical Way',
  city: 'London',
  zip: 'N1 9GU',
  country: 'GB',
};

/**
 * An order body as Pay Now sends it: each line in a size its product comes in (unless it says
 * otherwise), and `approvedTotal` the catalogue's total of its lines.
 */
function orderBody(token: string, extra: Record<string, unknown> = {}) {
  const body = {
    token,
    idempotencyKey: newKey(),
    lines: [
      { id: 1, quantity: 2 },
      { id: 30, quantity: 1 },
    ],
    email: 'ada@example.com',
    billingAddress: address,
    shippingAddress: address,
    ...extra,
  };
  return { approvedTotal: totalOf(body.lines) || 1, ...body, lines: withSizes(body.lines) };
}

function placeOrder(payload: unknown, cookie?: string) {
  return app.inject({
    method: 'POST',
    url: '/api/orders',
    headers: { 'sec-fetch-site': 'same-origin', ...(cookie ? { cookie } : {}) },
    payload: payload as Record<string, unknown>,
  });
}

const count = async (table: 'orders' | 'payment_charges') =>
  Number((await db.selectFrom(table).select(db.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

const tokenUsed = async (id: string) =>
  (
    await db
      .selectFrom('payment_tokens')
      .select('used_at')
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
  ).used_at !== null;

/**
 * The test-mode provider with `before` run as each charge starts and `after` once it is made:
 * a stand-in that takes its time, looks around, or dies half-way.
 */
function localProviderWith(hooks: {
  before?: (request: ChargeRequest) => Promise<void>;
  after?: () => Promise<void>;
}) {
  return (shopDb: TestApp['db']): PaymentProvider => {
    const local = createLocalPaymentProvider(shopDb);
    return {
      ...local,
      async chargeToken(request) {
        await hooks.before?.(request);
        const result = await local.chargeToken(request);
        await hooks.after?.();
        return result;
      },
    };
  };
}

const slowly = () => new Promise<void>((resolve) => setTimeout(resolve, 5));

const countIn = async (database: TestApp['db'], table: 'orders' | 'payment_charges') =>
  (await database.selectFrom(table).select('id').execute()).length;

describe('POST /api/orders', () => {
  it('prices the lines from the catalogue, charges that amount once and records the order', async () => {
    const token = await newToken(app);
    const response = await placeOrder(orderBody(token));
    expect(response.statusCode).toBe(201);
    const { order, receipt } = response.json<CreateOrderResponse>();
    expect(order).toMatchObject({
      status: 'paid',
      currency: 'usd',
      total: 2 * 2500 + 32_500,
      email: 'ada@example.com',
      lines: [
        { id: 1, name: 'Brown Brim', size: 'M', unitPrice: 2500, quantity: 2, lineTotal: 5000 },
        {
          id: 30,
          name: 'Camo Down Vest',
          size: 'M',
          unitPrice: 32_500,
          quantity: 1,
          lineTotal: 32_500,
        },
      ],
      billingAddress: address,
      shippingAddress: address,
      card: { brand: 'visa', last4: '4242' },
    });
    expect(order.id).toMatch(/^ord_[A-Za-z0-9]{24}$/);
    expect(receipt).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const charge = await db
      .selectFrom('payment_charges')
      .innerJoin('orders', 'orders.charge_id', 'payment_charges.id')
      .select(['payment_charges.amount', 'payment_charges.token_id'])
      .where('orders.id', '=', order.id)
      .executeTakeFirstOrThrow();
    expect(charge).toEqual({ amount: 37_500, token_id: token });
  });

  it('refuses client-sent amounts and prices before charging anything', async () => {
    const token = await newToken(app);
    const charges = await count('payment_charges');
    for (const payload of [
      orderBody(token, { amount: 1 }),
      orderBody(token, { total: 1 }),
      orderBody(token, { currency: 'jpy' }),
      orderBody(token, { lines: [{ id: 1, quantity: 1, price: 1 }] }),
      orderBody(token, { lines: [{ id: 1, quantity: 1, unitPrice: 1 }] }),
    ]) {
      const response = await placeOrder(payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json<{ message: string }>().message).toMatch(/Unknown field/);
    }
    expect(await count('payment_charges')).toBe(charges);
    expect(await tokenUsed(token)).toBe(false);
  });

  it('refuses unknown items, bad quantities and malformed bodies with a message', async () => {
    const token = await newToken(app);
    for (const lines of [
      [{ id: 999, quantity: 1 }],
      [{ id: 1, quantity: 0 }],
      [{ id: 1, quantity: 100 }],
      [{ id: 1, quantity: 1.5 }],
      [
        { id: 1, quantity: 1 },
        { id: 1, quantity: 1 },
      ],
      [],
    ]) {
      const response = await placeOrder(orderBody(token, { lines }));
      expect(response.statusCode, JSON.stringify(lines)).toBe(400);
      const error = response.json<{ code: string; message: string }>();
      expect(error.code).toBe('VALIDATION_ERROR');
      expect(error.message).toBeTruthy();
    }
    expect((await placeOrder(orderBody(token, { email: 'nope' }))).statusCode).toBe(400);
    expect((await placeOrder([orderBody(token)])).statusCode).toBe(400);
    expect(await tokenUsed(token)).toBe(false);
  });

  it('returns the same order for a retry with the same key, and 409 for the key with another body', async () => {
    const token = await newToken(app);
    const body = orderBody(token);
    const first = await placeOrder(body);
    expect(first.statusCode).toBe(201);
    const retry = await placeOrder({ ...body, lines: [...body.lines].reverse() });
    expect(retry.statusCode).toBe(200);
    expect(retry.json()).toEqual(first.json());

    for (const changed of [
      { email: 'eve@example.com' },
      {
        lines: withSizes([{ id: 2, quantity: 1 }]),
        approvedTotal: totalOf([{ id: 2, quantity: 1 }]),
      },
    ]) {
      const other = await placeOrder({ ...body, ...changed });
      expect(other.statusCode).toBe(409);
      expect(other.json()).toMatchObject({ code: 'IDEMPOTENCY_CONFLICT' });
    }
  });

  it('gives the same order, charged once, when a lost answer is followed by paying again', async () => {
    const token = await newToken(app);
    const charges = await count('payment_charges');
    const body = orderBody(token);
    // The first answer never reaches the shopper; Pay Now sends the same request again.
    const first = await placeOrder(body);
    const again = await placeOrder(body);
    expect([first.statusCode, again.statusCode]).toEqual([201, 200]);
    expect(again.json<CreateOrderResponse>()).toEqual(first.json<CreateOrderResponse>());
    expect(await count('payment_charges')).toBe(charges + 1);
  });

  it('refuses a total other than the one the shopper approved, before charging anything', async () => {
    const token = await newToken(app);
    const charges = await count('payment_charges');
    const orders = await count('orders');
    // The widget showed $10 (a stale cart, a changed price); the catalogue says $375.
    const response = await placeOrder(orderBody(token, { approvedTotal: 1000 }));
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      code: 'TOTAL_CHANGED',
      message:
        'The total is now $375, not the $10 you approved. Nothing was charged: check your cart and pay again.',
    });
    expect(await count('payment_charges')).toBe(charges);
    expect(await count('orders')).toBe(orders);
    expect(await tokenUsed(token)).toBe(false);

    for (const approvedTotal of [undefined, 0, 37_500.5, '37500']) {
      const bad = await placeOrder({ ...orderBody(token), approvedTotal });
      expect(bad.statusCode, String(approvedTotal)).toBe(400);
    }
    // The right total still pays with the same token.
    expect((await placeOrder(orderBody(token))).statusCode).toBe(201);
  });

  it('makes one order and one charge from 20 concurrent requests with one key', async () => {
    // A provider that takes its time, as a real one does, so the requests truly overlap.
    const built = await buildTestApp(UNLIMITED, {
      payments: localProviderWith({ before: slowly }),
    });
    try {
      const body = orderBody(await newToken(built));
      const responses = await Promise.all(
        Array.from({ length: 20 }, () =>
          built.inject({ method: 'POST', url: '/api/orders', payload: body }),
        ),
      );
      const statuses = responses.map((response) => response.statusCode);
      expect(statuses.filter((status) => status === 201)).toHaveLength(1);
      expect(statuses.filter((status) => status === 200)).toHaveLength(19);
      const answers = new Set(responses.map((response) => response.body));
      expect(answers.size).toBe(1);
      expect(await countIn(built.db, 'orders')).toBe(1);
      expect(await countIn(built.db, 'payment_charges')).toBe(1);
    } finally {
      await built.close();
    }
  });

  it('refuses a token that was already used, under a new key', async () => {
    const token = await newToken(app);
    expect((await placeOrder(orderBody(token))).statusCode).toBe(201);
    const again = await placeOrder(orderBody(token));
    expect(again.statusCode).toBe(402);
    expect(again.json()).toMatchObject({
      code: 'TOKEN_USED',
      message: 'This card token was already used',
    });
    const unknown = await placeOrder(orderBody(`tok_${'x'.repeat(32)}`));
    expect(unknown.statusCode).toBe(402);
    expect(unknown.json()).toMatchObject({ code: 'TOKEN_NOT_FOUND' });
  });

  it('records no order and no charge when the card is declined at charge time', async () => {
    const token = await newToken(app, '4000 0000 0000 0341');
    const [orders, charges] = [await count('orders'), await count('payment_charges')];
    const response = await placeOrder(orderBody(token));
    expect(response.statusCode).toBe(402);
    expect(response.json()).toMatchObject({
      code: 'CARD_DECLINED',
      message: 'Your card was declined.',
    });
    expect(await count('orders')).toBe(orders);
    expect(await count('payment_charges')).toBe(charges);
    expect(await tokenUsed(token)).toBe(false);
    // The key is free again: the same checkout pays with another card.
    const body = orderBody(token);
    expect((await placeOrder(body)).statusCode).toBe(402);
    const retried = await placeOrder({ ...body, token: await newToken(app) });
    expect(retried.statusCode).toBe(201);
  });
});

describe('reading orders', () => {
  it('shows an order placed without signing in only with its receipt', async () => {
    const created = (await placeOrder(orderBody(await newToken(app)))).json<CreateOrderResponse>();
    const url = `/api/orders/${created.order.id}`;
    const withReceipt = await app.inject({ url: `${url}?receipt=${created.receipt}` });
    expect(withReceipt.statusCode).toBe(200);
    // Issue 15: one order's own page also says its confirmation email is queued.
    expect(withReceipt.json()).toEqual({ ...created.order, confirmationEmail: 'queued' });
    expect(withReceipt.headers['cache-control']).toBe('no-store');

    expect((await app.inject({ url })).statusCode).toBe(404);
    expect((await app.inject({ url: `${url}?receipt=${'A'.repeat(43)}` })).statusCode).toBe(404);
    const someone = await signUp(app, 'Eve');
    expect((await app.inject({ url, headers: { cookie: someone.cookie } })).statusCode).toBe(404);
    expect((await app.inject({ url: '/api/orders/ord_doesnotexist' })).statusCode).toBe(404);
  });

  it("shows a signed-in shopper's orders to them only, newest first", async () => {
    const ada = await signUp(app, 'Ada');
    const eve = await signUp(app, 'Eve');
    const first = await placeOrder(orderBody(await newToken(app)), ada.cookie);
    const second = await placeOrder(
      orderBody(await newToken(app), { lines: [{ id: 5, quantity: 3 }] }),
      ada.cookie,
    );
    expect(first.statusCode).toBe(201);
    const { order, receipt } = second.json<CreateOrderResponse>();
    expect(receipt).toBeNull();

    const url = `/api/orders/${order.id}`;
    expect((await app.inject({ url, headers: { cookie: ada.cookie } })).json()).toEqual({
      ...order,
      confirmationEmail: 'queued',
    });
    expect((await app.inject({ url, headers: { cookie: eve.cookie } })).statusCode).toBe(403);
    expect((await app.inject({ url })).statusCode).toBe(401);

    const list = await app.inject({ url: '/api/orders', headers: { cookie: ada.cookie } });
    expect(list.statusCode).toBe(200);
    const { orders } = list.json<OrderListResponse>();
    expect(orders.map((listed: Order) => listed.id)).toEqual([
      order.id,
      first.json<CreateOrderResponse>().order.id,
    ]);
    const eveList = await app.inject({ url: '/api/orders', headers: { cookie: eve.cookie } });
    expect(eveList.json()).toEqual({ orders: [] });
    expect((await app.inject({ url: '/api/orders' })).statusCode).toBe(401);
  });

  it('answers the confirmation page with 404 unless the order is there for whoever asks', async () => {
    const page = (query: string, cookie?: string) =>
      app.inject({
        url: `/checkout/confirmation${query}`,
        headers: cookie ? { cookie } : {},
      });
    const guest = (await placeOrder(orderBody(await newToken(app)))).json<CreateOrderResponse>();
    const ok = await page(`?order=${guest.order.id}&receipt=${guest.receipt}`);
    expect(ok.statusCode).toBe(200);
    expect(ok.body).toBe('<h1>Your order</h1>');
    for (const query of [
      '',
      `?order=${guest.order.id}`,
      `?order=${guest.order.id}&receipt=${'A'.repeat(43)}`,
      `?receipt=${guest.receipt}`,
      '?order=ord_doesnotexist&receipt=x',
      `?order=${guest.order.id}&order=${guest.order.id}&receipt=${guest.receipt}`,
    ]) {
      const missing = await page(query);
      expect(missing.statusCode, query).toBe(404);
      expect(missing.headers['content-type']).toMatch(/^text\/html/);
      // Not the 200 page's validator: a 404 is never revalidated into that page, or back.
      expect(missing.headers.etag).not.toBe(ok.headers.etag);
    }

    const ada = await signUp(app, 'Ada');
    const eve = await signUp(app, 'Eve');
    const own = (
      await placeOrder(orderBody(await newToken(app)), ada.cookie)
    ).json<CreateOrderResponse>();
    expect((await page(`?order=${own.order.id}`, ada.cookie)).statusCode).toBe(200);
    expect((await page(`?order=${own.order.id}`, eve.cookie)).statusCode).toBe(404);
    expect((await page(`?order=${own.order.id}`)).statusCode).toBe(404);
  });

  it('refuses an address whose country is not an ISO code, before charging', async () => {
    const token = await newToken(app);
    const response = await placeOrder(
      orderBody(token, { shippingAddress: { ...address, country: 'United Kingdom' } }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message: 'Choose the country from the list.' });
    expect(await tokenUsed(token)).toBe(false);
  });

  it('does not let a key be replayed by another shopper', async () => {
    const ada = await signUp(app, 'Ada');
    const body = orderBody(await newToken(app));
    expect((await placeOrder(body, ada.cookie)).statusCode).toBe(201);
    expect((await placeOrder(body)).statusCode).toBe(409);
  });
});

describe('a request that dies half-way', () => {
  /** Where the stand-in's request dies: before charging, after charging, or not at all. */
  let dies: 'before the charge' | 'after the charge' | null = null;
  const dying = localProviderWith({
    before: () =>
      dies === 'before the charge'
        ? Promise.reject(new Error('the process died here'))
        : Promise.resolve(),
    after: () =>
      dies === 'after the charge'
        ? Promise.reject(new Error('the process died here'))
        : Promise.resolve(),
  });

  const orderRow = (built: TestApp, key: string) =>
    built.db
      .selectFrom('orders')
      .select(['id', 'status', 'charge_id'])
      .where('idempotency_key', '=', key)
      .executeTakeFirstOrThrow();

  for (const moment of ['before the charge', 'after the charge'] as const) {
    it(`${moment}: leaves a pending order no shopper sees, which the retry completes`, async () => {
      const built = await buildTestApp(UNLIMITED, { payments: dying });
      try {
        const ada = await signUp(built, 'Ada');
        const pay = (payload: object) =>
          built.inject({
            method: 'POST',
            url: '/api/orders',
            headers: { cookie: ada.cookie },
            payload,
          });
        const body = orderBody(await newToken(built));
        dies = moment;
        expect((await pay(body)).statusCode).toBe(500);
        dies = null;

        const pending = await orderRow(built, body.idempotencyKey);
        expect(pending).toMatchObject({ status: 'pending', charge_id: null });
        expect(await countIn(built.db, 'payment_charges')).toBe(
          moment === 'after the charge' ? 1 : 0,
        );
        const asAda = { cookie: ada.cookie };
        expect((await built.inject({ url: '/api/orders', headers: asAda })).json()).toEqual({
          orders: [],
        });
        expect(
          (await built.inject({ url: `/api/orders/${pending.id}`, headers: asAda })).statusCode,
        ).toBe(404);
        const page = await built.inject({
          url: `/checkout/confirmation?order=${pending.id}`,
          headers: asAda,
        });
        expect(page.statusCode).toBe(404);

        const retry = await pay(body);
        expect(retry.statusCode).toBe(201);
        const { order } = retry.json<CreateOrderResponse>();
        expect(order).toMatchObject({ id: pending.id, status: 'paid', card: { last4: '4242' } });
        expect(await countIn(built.db, 'payment_charges')).toBe(1);
        const paid = await orderRow(built, body.idempotencyKey);
        expect(paid.status).toBe('paid');
        expect((await built.inject({ url: '/api/orders', headers: asAda })).json()).toEqual({
          orders: [order],
        });
        expect((await pay(body)).json()).toEqual(retry.json());
      } finally {
        dies = null;
        await built.close();
      }
    });
  }

  it('after the charge, with no retry: the next server to start marks the order paid', async () => {
    const shared = await sharedDatabase();
    try {
      const first = await buildTestApp({ ...UNLIMITED, ...shared.env }, { payments: dying });
      const ada = await signUp(first, 'Ada');
      const body = orderBody(await newToken(first));
      const inStock = await stockOf(first.db, 1, 'M');
      dies = 'after the charge';
      const response = await first.inject({
        method: 'POST',
        url: '/api/orders',
        headers: { cookie: ada.cookie },
        payload: body,
      });
      dies = null;
      expect(response.statusCode).toBe(500);
      await first.close();

      // A server starting on the same database settles what the dead request left.
      const next = await buildTestApp({ ...UNLIMITED, ...shared.env });
      try {
        const { orders } = (
          await next.inject({ url: '/api/orders', headers: { cookie: ada.cookie } })
        ).json<OrderListResponse>();
        expect(orders).toHaveLength(1);
        expect(orders[0]).toMatchObject({ status: 'paid', card: { last4: '4242' } });
        const charges = await next.db
          .selectFrom('payment_charges')
          .innerJoin('orders', 'orders.charge_id', 'payment_charges.id')
          .select(['payment_charges.idempotency_key', 'orders.id'])
          .execute();
        expect(charges).toEqual([{ idempotency_key: body.idempotencyKey, id: orders[0]?.id }]);
        // The order's stock was taken once, with the pending order, and stays taken.
        expect(await stockOf(next.db, 1, 'M')).toBe(inStock - 2);
      } finally {
        await next.close();
      }
    } finally {
      dies = null;
      await shared.remove();
    }
  });
});

describe('the charge', () => {
  it('runs while the shop holds no database transaction or lock', async () => {
    const shared = await sharedDatabase();
    const checks: string[] = [];
    /** Whether anything of the shop's is inside a transaction while the provider charges. */
    const lookAround = async () => {
      if (shared.url) {
        const client = new pg.Client({ connectionString: shared.url });
        await client.connect();
        try {
          const { rows } = await client.query<{ open: number }>(
            `select count(*)::int as open from pg_stat_activity
             where datname = current_database() and pid <> pg_backend_pid() and xact_start is not null`,
          );
          checks.push(`open transactions: ${rows[0]?.open}`);
        } finally {
          await client.end();
        }
      } else {
        // Another connection takes the write lock at once, without waiting: nobody holds it.
        const other = new Database(shared.file, { timeout: 0 });
        try {
          other.exec('begin immediate');
          other.exec('rollback');
          checks.push('open transactions: 0');
        } catch (error) {
          checks.push(`write lock held: ${String(error)}`);
        } finally {
          other.close();
        }
      }
    };
    const built = await buildTestApp(
      { ...UNLIMITED, ...shared.env },
      { payments: localProviderWith({ before: lookAround }) },
    );
    try {
      const response = await built.inject({
        method: 'POST',
        url: '/api/orders',
        payload: orderBody(await newToken(built)),
      });
      expect(response.statusCode).toBe(201);
      expect(checks).toEqual(['open transactions: 0']);
    } finally {
      await built.close();
      await shared.remove();
    }
  });
});

describe.runIf(TEST_DATABASE === 'postgres')('two servers on one PostgreSQL', () => {
  it('give one order, one charge and the same answer for one key sent to both at once', async () => {
    const shared = await sharedDatabase();
    const servers = await Promise.all(
      [1, 2].map(() =>
        buildTestApp(
          { ...UNLIMITED, ...shared.env },
          { payments: localProviderWith({ before: slowly }) },
        ),
      ),
    );
    try {
      const [one, two] = servers as [TestApp, TestApp];
      const body = orderBody(await newToken(one));
      const responses = await Promise.all(
        Array.from({ length: 20 }, (_, n) =>
          (n % 2 ? one : two).inject({ method: 'POST', url: '/api/orders', payload: body }),
        ),
      );
      const statuses = responses.map((response) => response.statusCode).sort();
      expect(statuses).toEqual([200, ...Array<number>(18).fill(200), 201].sort());
      expect(new Set(responses.map((response) => response.body)).size).toBe(1);
      expect(await countIn(one.db, 'orders')).toBe(1);
      expect(await countIn(two.db, 'payment_charges')).toBe(1);
    } finally {
      await Promise.all(servers.map((server) => server.close()));
      await shared.remove();
    }
  });
});

describe('card data', () => {
  it('never reaches the database file or the logs', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'crwn-payments-'));
    const logs: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        logs.push(chunk.toString());
        done();
      },
    });
    const built = await buildTestApp(
      { ...UNLIMITED, DATABASE_FILE: path.join(dir, 'shop.sqlite'), LOG_LEVEL: 'trace' },
      { logTo: stream },
    );
    try {
      const tokenResponse = await requestToken(built, {
        card: testCard('4242424242424242', { cvc: '987' }),
      });
      const token = tokenResponse.json<{ id: string }>().id;
      await requestToken(built, { card: testCard('4000000000000002', { cvc: '987' }) });
      const order = await built.inject({
        method: 'POST',
        url: '/api/orders',
        payload: orderBody(token),
      });
      expect(order.statusCode).toBe(201);
      await built.close();

      const files = await readdir(dir);
      const contents = await Promise.all(
        files.map((file) => readFile(path.join(dir, file), 'latin1')),
      );
      expect(contents.join('').length).toBeGreaterThan(0);
      for (const text of [...contents, logs.join('')]) {
        expect(text).not.toContain('4242424242424242');
        expect(text).not.toContain('4000000000000002');
        expect(text).not.toContain('"cvc"');
      }
      expect(logs.join('')).toContain('/pay/v1/tokens');
    } finally {
      await built.close();
      await rm(dir, { recursive: true, force: true });
    }
  });
});
