import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { CreateOrderResponse, OrderErrorBody, OrderListResponse } from '#shared/orders.ts';
import { newToken, UNLIMITED } from '#server/test/payments.ts';
import { sharedDatabase } from '#server/test/shared-database.ts';
import { signUp } from '#server/test/shoppers.ts';
import { setAllStock, setStock, stockOf, totalOf } from '#server/test/stock.ts';
import { buildTestApp, type TestApp } from '#server/test/test-app.ts';

// Issue 13, "Stock on the server": sizes checked, stock taken in the order's transaction.

let app: TestApp;

beforeAll(async () => {
  app = await buildTestApp(UNLIMITED);
});

afterAll(() => app.close());

beforeEach(() => setAllStock(app.db, 20));

let keyCounter = 0;
const newKey = () => `stock-key-${process.pid}-${Date.now()}-${(keyCounter += 1)}`;

type Line = { id: number; quantity: number; size?: string };

function orderBody(token: string, lines: Line[]) {
  return {
    token,
    idempotencyKey: newKey(),
    lines,
    email: 'ada@example.com',
    approvedTotal: totalOf(lines) || 1,
  };
}

const place = (built: TestApp, payload: object, cookie?: string) =>
  built.inject({
    method: 'POST',
    url: '/api/orders',
    headers: cookie ? { cookie } : {},
    payload,
  });

const count = async (built: TestApp, table: 'orders' | 'payment_charges') =>
  (await built.db.selectFrom(table).select('id').execute()).length;

const tokenUsed = async (built: TestApp, id: string) =>
  (
    await built.db
      .selectFrom('payment_tokens')
      .select('used_at')
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
  ).used_at !== null;

describe('sizes of the lines of an order', () => {
  it('refuses a garment without a size, or in a size it does not come in, naming the line', async () => {
    const token = await newToken(app);
    const cases: [Line[], string][] = [
      [
        [
          { id: 10, quantity: 1, size: 'US 9' },
          { id: 1, quantity: 1 },
        ],
        'Line 2 (Brown Brim) needs a size: one of S, M, L.',
      ],
      [
        [{ id: 1, quantity: 1, size: 'XL' }],
        'Line 1 (Brown Brim) does not come in size XL: choose one of S, M, L.',
      ],
      [[{ id: 999, quantity: 1, size: 'M' }], 'Line 1: item 999 is not on sale.'],
    ];
    for (const [lines, message] of cases) {
      const response = await place(app, orderBody(token, lines));
      expect(response.statusCode, message).toBe(400);
      expect(response.json()).toMatchObject({ code: 'VALIDATION_ERROR', message });
    }
    expect(await tokenUsed(app, token)).toBe(false);
  });

  it('keeps each line’s size with the order, in the confirmation and the history', async () => {
    const ada = await signUp(app, 'Ada');
    const lines = [
      { id: 1, quantity: 1, size: 'L' },
      { id: 1, quantity: 2, size: 'M' },
      { id: 12, quantity: 1, size: 'US 10' },
    ];
    const response = await place(app, orderBody(await newToken(app), lines), ada.cookie);
    expect(response.statusCode).toBe(201);
    const { order } = response.json<CreateOrderResponse>();
    const sizes = (listed: { lines: { id: number; size?: string; quantity: number }[] }) =>
      listed.lines.map(({ id, size, quantity }) => [id, size, quantity]);
    expect(sizes(order)).toEqual([
      [1, 'L', 1],
      [1, 'M', 2],
      [12, 'US 10', 1],
    ]);
    const history = await app.inject({ url: '/api/orders', headers: { cookie: ada.cookie } });
    expect(sizes(history.json<OrderListResponse>().orders[0]!)).toEqual(sizes(order));
  });
});

describe('stock', () => {
  it('is taken by a paid order, once, however often the request is sent again', async () => {
    await setStock(app.db, 1, 'L', 5);
    const body = orderBody(await newToken(app), [{ id: 1, quantity: 2, size: 'L' }]);
    expect((await place(app, body)).statusCode).toBe(201);
    expect((await place(app, body)).statusCode).toBe(200);
    expect(await stockOf(app.db, 1, 'L')).toBe(3);
  });

  it('refuses a sold-out size with 409 naming each short line, before any charge', async () => {
    await setStock(app.db, 1, 'S', 0);
    await setStock(app.db, 18, 'M', 1);
    const token = await newToken(app);
    const [orders, charges] = [await count(app, 'orders'), await count(app, 'payment_charges')];
    const response = await place(
      app,
      orderBody(token, [
        { id: 1, quantity: 1, size: 'S' },
        { id: 10, quantity: 1, size: 'US 9' },
        { id: 18, quantity: 3, size: 'M' },
      ]),
    );
    expect(response.statusCode).toBe(409);
    expect(response.json<OrderErrorBody>()).toMatchObject({
      code: 'OUT_OF_STOCK',
      unavailable: [
        { id: 1, size: 'S', name: 'Brown Brim', quantity: 1, available: 0 },
        { id: 18, size: 'M', name: 'Black Jean Shearling', quantity: 3, available: 1 },
      ],
    });
    expect(response.json<OrderErrorBody>().message).toMatch(/Brown Brim \(size S\): sold out/);
    expect([await count(app, 'orders'), await count(app, 'payment_charges')]).toEqual([
      orders,
      charges,
    ]);
    expect(await tokenUsed(app, token)).toBe(false);
    // Nothing of the order was taken, not even its lines that were in stock.
    expect(await stockOf(app.db, 10, 'US 9')).toBe(20);
    expect(await stockOf(app.db, 18, 'M')).toBe(1);
  });

  it('is put back when the card is declined, and the same checkout can then pay', async () => {
    await setStock(app.db, 1, 'M', 1);
    const lines = [{ id: 1, quantity: 1, size: 'M' }];
    const body = orderBody(await newToken(app, '4000 0000 0000 0341'), lines);
    const declined = await place(app, body);
    expect(declined.statusCode).toBe(402);
    expect(await stockOf(app.db, 1, 'M')).toBe(1);
    const paid = await place(app, { ...body, token: await newToken(app) });
    expect(paid.statusCode).toBe(201);
    expect(await stockOf(app.db, 1, 'M')).toBe(0);
  });

  it('gives the last one to exactly one of two shoppers paying at once', async () => {
    await setStock(app.db, 1, 'L', 1);
    const lines = [{ id: 1, quantity: 1, size: 'L' }];
    const tokens = [await newToken(app), await newToken(app)];
    const charges = await count(app, 'payment_charges');
    const responses = await Promise.all(tokens.map((token) => place(app, orderBody(token, lines))));
    const statuses = responses.map((response) => response.statusCode).sort();
    expect(statuses).toEqual([201, 409]);
    const refused = responses.find((response) => response.statusCode === 409)!;
    expect(refused.json<OrderErrorBody>().unavailable).toEqual([
      { id: 1, size: 'L', name: 'Brown Brim', quantity: 1, available: 0 },
    ]);
    expect(await count(app, 'payment_charges')).toBe(charges + 1);
    expect(await stockOf(app.db, 1, 'L')).toBe(0);
    const used = await Promise.all(tokens.map((token) => tokenUsed(app, token)));
    expect(used.sort()).toEqual([false, true]);
  });
});

describe('two servers on one database', () => {
  it('sell the last one of a size once between them, whichever server each shopper reaches', async () => {
    const shared = await sharedDatabase();
    const servers = await Promise.all(
      [1, 2].map(() => buildTestApp({ ...UNLIMITED, ...shared.env })),
    );
    try {
      const [one, two] = servers as [TestApp, TestApp];
      await setStock(one.db, 22, 'S', 2);
      const lines = [{ id: 22, quantity: 1, size: 'S' }];
      // Five shoppers on each server for the last two.
      const bodies = await Promise.all(
        Array.from({ length: 10 }, async () => orderBody(await newToken(one), lines)),
      );
      const responses = await Promise.all(bodies.map((body, n) => place(n % 2 ? one : two, body)));
      const statuses = responses.map((response) => response.statusCode).sort();
      expect(statuses).toEqual([201, 201, ...Array<number>(8).fill(409)]);
      for (const response of responses.filter((answer) => answer.statusCode === 409)) {
        expect(response.json<OrderErrorBody>().unavailable).toEqual([
          { id: 22, size: 'S', name: 'Tan Trench', quantity: 1, available: 0 },
        ]);
      }
      expect(await count(one, 'orders')).toBe(2);
      expect(await count(two, 'payment_charges')).toBe(2);
      expect(await stockOf(two.db, 22, 'S')).toBe(0);
    } finally {
      await Promise.all(servers.map((server) => server.close()));
      await shared.remove();
    }
  }, 60_000);
});
