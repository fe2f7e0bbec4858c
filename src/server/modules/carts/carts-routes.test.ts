import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CartConflictBody, CartDocument } from '#shared/carts.ts';
import { UNLIMITED } from '#server/test/payments.ts';
import { signUp } from '#server/test/shoppers.ts';
import { buildTestApp, type TestApp } from '#server/test/test-app.ts';

let app: TestApp;

beforeAll(async () => {
  app = await buildTestApp(UNLIMITED);
});

afterAll(() => app.close());

const readCart = (cookie?: string) =>
  app.inject({ url: '/api/cart', headers: cookie ? { cookie } : {} });

const replaceCart = (payload: unknown, cookie?: string) =>
  app.inject({
    method: 'PUT',
    url: '/api/cart',
    headers: cookie ? { cookie } : {},
    payload: payload as Record<string, unknown>,
  });

const mergeCart = (payload: unknown, cookie?: string) =>
  app.inject({
    method: 'POST',
    url: '/api/cart/merge',
    headers: cookie ? { cookie } : {},
    payload: payload as Record<string, unknown>,
  });

/** The lines as `[id, quantity]` pairs, in the cart's order. */
const pairs = (cart: CartDocument) => cart.lines.map((line) => [line.id, line.quantity]);

describe('the account cart', () => {
  it('is empty at version 0 before the shopper ever saves one', async () => {
    const { cookie } = await signUp(app);
    const response = await readCart(cookie);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json()).toEqual({ version: 0, lines: [], total: 0 });
  });

  it('keeps what was saved, named and priced from the catalogue, in the order sent', async () => {
    const { cookie } = await signUp(app);
    const saved = await replaceCart(
      {
        version: 0,
        lines: [
          { id: 30, quantity: 1 },
          { id: 1, quantity: 2 },
        ],
      },
      cookie,
    );
    expect(saved.statusCode).toBe(200);
    const expected: CartDocument = {
      version: 1,
      lines: [
        { id: 30, name: 'Camo Down Vest', unitPrice: 32500, quantity: 1, lineTotal: 32500 },
        { id: 1, name: 'Brown Brim', unitPrice: 2500, quantity: 2, lineTotal: 5000 },
      ],
      total: 37500,
    };
    expect(saved.json()).toEqual(expected);
    expect((await readCart(cookie)).json()).toEqual(expected);
  });

  it('answers an out-of-date version with 409 and the cart as it is, changing nothing', async () => {
    const { cookie } = await signUp(app);
    // Two devices both saw version 0; the phone writes first.
    const phone = await replaceCart({ version: 0, lines: [{ id: 2, quantity: 1 }] }, cookie);
    expect(phone.statusCode).toBe(200);
    const laptop = await replaceCart({ version: 0, lines: [{ id: 11, quantity: 3 }] }, cookie);
    expect(laptop.statusCode).toBe(409);
    const conflict = laptop.json<CartConflictBody>();
    expect(conflict.code).toBe('VERSION_CONFLICT');
    expect(conflict.cart.version).toBe(1);
    expect(pairs(conflict.cart)).toEqual([[2, 1]]);
    expect(pairs((await readCart(cookie)).json())).toEqual([[2, 1]]);
    // With the version it was shown, the laptop's next write goes through.
    const retried = await replaceCart({ version: 1, lines: [{ id: 11, quantity: 3 }] }, cookie);
    expect(retried.statusCode).toBe(200);
    expect(retried.json<CartDocument>().version).toBe(2);
  });

  it('saves exactly one of many writes sent at once from the same version', async () => {
    const { cookie } = await signUp(app);
    const answers = await Promise.all(
      [1, 2, 3, 4, 5, 6].map((id) =>
        replaceCart({ version: 0, lines: [{ id, quantity: 1 }] }, cookie),
      ),
    );
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([200, 409, 409, 409, 409, 409]);
    const winner = answers.find((answer) => answer.statusCode === 200)?.json<CartDocument>();
    expect((await readCart(cookie)).json()).toEqual(winner);
  });

  it('keeps the version when the same lines are written again', async () => {
    const { cookie } = await signUp(app);
    const lines = [{ id: 5, quantity: 2 }];
    await replaceCart({ version: 0, lines }, cookie);
    const again = await replaceCart({ version: 1, lines }, cookie);
    expect(again.statusCode).toBe(200);
    expect(again.json<CartDocument>().version).toBe(1);
  });

  it('takes the very lines the account holds as agreement, whatever version they were sent at', async () => {
    const { cookie } = await signUp(app);
    const lines = [{ id: 5, quantity: 2 }];
    await replaceCart({ version: 0, lines }, cookie);
    // A page left before its write was answered: the next page still has version 0 noted.
    const stale = await replaceCart({ version: 0, lines }, cookie);
    expect(stale.statusCode).toBe(200);
    expect(stale.json<CartDocument>().version).toBe(1);
    expect(pairs(stale.json<CartDocument>())).toEqual([[5, 2]]);
  });

  it('empties when an empty cart is saved (after an order)', async () => {
    const { cookie } = await signUp(app);
    await replaceCart({ version: 0, lines: [{ id: 5, quantity: 2 }] }, cookie);
    const emptied = await replaceCart({ version: 1, lines: [] }, cookie);
    expect(emptied.json()).toEqual({ version: 2, lines: [], total: 0 });
  });

  it("merges a browser's cart: account lines first, the larger quantity, new items appended", async () => {
    const { cookie } = await signUp(app);
    await replaceCart(
      {
        version: 0,
        lines: [
          { id: 1, quantity: 2 },
          { id: 10, quantity: 1 },
        ],
      },
      cookie,
    );
    const browserLines = [
      { id: 18, quantity: 1 },
      { id: 10, quantity: 3 },
      { id: 1, quantity: 1 },
    ];
    const merged = await mergeCart({ lines: browserLines }, cookie);
    expect(merged.statusCode).toBe(200);
    const cart = merged.json<CartDocument>();
    expect(pairs(cart)).toEqual([
      [1, 2],
      [10, 3],
      [18, 1],
    ]);
    expect(cart.total).toBe(2 * 2500 + 3 * 22000 + 12500);
    expect(cart.version).toBe(2);
    // The same merge again (a retry whose answer was lost) changes nothing.
    const again = (await mergeCart({ lines: browserLines }, cookie)).json<CartDocument>();
    expect(again).toEqual(cart);
  });

  it('belongs to its account only: another shopper sees and changes only their own', async () => {
    const ada = await signUp(app, 'Ada');
    const bea = await signUp(app, 'Bea');
    await replaceCart({ version: 0, lines: [{ id: 22, quantity: 4 }] }, ada.cookie);
    expect((await readCart(bea.cookie)).json()).toEqual({ version: 0, lines: [], total: 0 });
    await replaceCart({ version: 0, lines: [{ id: 3, quantity: 1 }] }, bea.cookie);
    await mergeCart({ lines: [{ id: 4, quantity: 1 }] }, bea.cookie);
    expect(pairs((await readCart(ada.cookie)).json())).toEqual([[22, 4]]);
  });

  it('answers the anonymous 401 on every route, storing nothing', async () => {
    const countRows = async () =>
      (await app.db.selectFrom('carts').select('user_id').execute()).length;
    const before = await countRows();
    const lines = [{ id: 1, quantity: 1 }];
    for (const response of [
      await readCart(),
      await replaceCart({ version: 0, lines }),
      await mergeCart({ lines }),
      await replaceCart({ version: 0, lines }, 'better-auth.session_token=forged.value'),
    ]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ error: 'Unauthorized' });
    }
    expect(await countRows()).toBe(before);
  });

  describe('refuses bad lines with 400 and a clear message, on replace and merge alike', () => {
    const cases: [string, unknown, RegExp][] = [
      ['a quantity of 0', [{ id: 1, quantity: 0 }], /at least 1/],
      ['a quantity of 100', [{ id: 1, quantity: 100 }], /at most 99/],
      ['a fractional quantity', [{ id: 1, quantity: 1.5 }], /whole/],
      ['a price', [{ id: 1, quantity: 1, price: 1 }], /Unknown field: price/],
      ['a name', [{ id: 1, quantity: 1, name: 'Free Crown' }], /Unknown field: name/],
      [
        'the same item twice',
        [
          { id: 1, quantity: 1 },
          { id: 1, quantity: 2 },
        ],
        /appears twice/,
      ],
      [
        'too many lines',
        Array.from({ length: 51 }, (_, i) => ({ id: i + 1, quantity: 1 })),
        /at most 50 lines/,
      ],
      ['lines that are not a list', { id: 1, quantity: 1 }, /list of items/],
      ['a line without a quantity', [{ id: 1 }], /needs a quantity/],
    ];
    for (const [label, lines, message] of cases) {
      it(label, async () => {
        const { cookie } = await signUp(app);
        for (const response of [
          await replaceCart({ version: 0, lines }, cookie),
          await mergeCart({ lines }, cookie),
        ]) {
          expect(response.statusCode).toBe(400);
          expect(response.json<{ message: string }>().message).toMatch(message);
        }
        expect((await readCart(cookie)).json()).toEqual({ version: 0, lines: [], total: 0 });
      });
    }
  });

  it('refuses a product not on sale on replace; a merge leaves it out and keeps the rest', async () => {
    const { cookie } = await signUp(app);
    const refused = await replaceCart({ version: 0, lines: [{ id: 999, quantity: 1 }] }, cookie);
    expect(refused.statusCode).toBe(400);
    expect(refused.json<{ message: string }>().message).toMatch(/999 is not on sale/);
    expect((await readCart(cookie)).json()).toEqual({ version: 0, lines: [], total: 0 });

    // A browser's cart may hold a product taken off sale since it was added: signing in keeps
    // the rest of it.
    const merged = await mergeCart(
      {
        lines: [
          { id: 999, quantity: 1 },
          { id: 2, quantity: 1 },
        ],
      },
      cookie,
    );
    expect(merged.statusCode).toBe(200);
    expect(merged.json<CartDocument>().lines.map((line) => line.id)).toEqual([2]);
  });

  it('refuses a bad version or an extra field with 400', async () => {
    const { cookie } = await signUp(app);
    for (const [body, message] of [
      [{ version: -1, lines: [] }, /0 or more/],
      [{ version: 1.5, lines: [] }, /whole/],
      [{ lines: [] }, /version/],
      [{ version: 0, lines: [], total: 0 }, /Unknown field: total/],
    ] as const) {
      const response = await replaceCart(body, cookie);
      expect(response.statusCode).toBe(400);
      expect(response.json<{ message: string }>().message).toMatch(message);
    }
    const merged = await mergeCart({ lines: [], version: 3 }, cookie);
    expect(merged.statusCode).toBe(400);
    expect((await readCart(cookie)).json<CartDocument>().version).toBe(0);
  });
});

describe('cart writes', () => {
  it('are limited per account, with Retry-After', async () => {
    const limited = await buildTestApp({ ...UNLIMITED, CART_WRITE_LIMIT_PER_MINUTE: '3' });
    try {
      const ada = await signUp(limited, 'Ada');
      const bea = await signUp(limited, 'Bea');
      const write = (cookie: string) =>
        limited.inject({
          method: 'POST',
          url: '/api/cart/merge',
          headers: { cookie },
          payload: { lines: [{ id: 1, quantity: 1 }] },
        });
      for (let i = 0; i < 3; i += 1) expect((await write(ada.cookie)).statusCode).toBe(200);
      const refused = await write(ada.cookie);
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(refused.json<{ message: string }>().message).toMatch(/Too many cart changes/);
      // Another account is counted on its own; reading is not limited.
      expect((await write(bea.cookie)).statusCode).toBe(200);
      expect(
        (await limited.inject({ url: '/api/cart', headers: { cookie: ada.cookie } })).statusCode,
      ).toBe(200);
    } finally {
      await limited.close();
    }
  }, 20_000);
});

// Issue 13: lines per product and size.
describe('sizes in the account cart', () => {
  it('keeps each line’s size, and one product in two sizes as two lines', async () => {
    const { cookie } = await signUp(app);
    const lines = [
      { id: 1, quantity: 1, size: 'S' },
      { id: 1, quantity: 2, size: 'M' },
      { id: 1, quantity: 1 },
    ];
    expect((await replaceCart({ version: 0, lines }, cookie)).statusCode).toBe(200);
    const cart = (await readCart(cookie)).json<CartDocument>();
    expect(cart.lines.map(({ id, size, quantity }) => [id, size, quantity])).toEqual([
      [1, 'S', 1],
      [1, 'M', 2],
      [1, undefined, 1],
    ]);
    expect(cart.total).toBe(4 * 2500);
  });

  it('refuses the same product and size twice, and a size that is not one', async () => {
    const { cookie } = await signUp(app);
    const twice = await replaceCart(
      {
        version: 0,
        lines: [
          { id: 1, quantity: 1, size: 'M' },
          { id: 1, quantity: 1, size: 'M' },
        ],
      },
      cookie,
    );
    expect(twice.statusCode).toBe(400);
    expect(twice.json<{ message: string }>().message).toMatch(/Item 1 in size M appears twice/);
    const long = await replaceCart(
      { version: 0, lines: [{ id: 1, quantity: 1, size: 'M'.repeat(17) }] },
      cookie,
    );
    expect(long.statusCode).toBe(400);
  });

  it('merges a browser’s lines by product and size', async () => {
    const { cookie } = await signUp(app);
    await replaceCart({ version: 0, lines: [{ id: 1, quantity: 2, size: 'M' }] }, cookie);
    const merged = await mergeCart(
      {
        lines: [
          { id: 1, quantity: 1, size: 'M' },
          { id: 1, quantity: 1, size: 'L' },
        ],
      },
      cookie,
    );
    expect(
      merged.json<CartDocument>().lines.map(({ id, size, quantity }) => [id, size, quantity]),
    ).toEqual([
      [1, 'M', 2],
      [1, 'L', 1],
    ]);
  });

  it('still loads a cart saved before sizes existed, its lines without a size', async () => {
    const shopper = await signUp(app);
    // Exactly what the shop stored before issue 13.
    await app.db
      .insertInto('carts')
      .values({
        user_id: shopper.id,
        lines: JSON.stringify([
          { id: 30, quantity: 1 },
          { id: 1, quantity: 2 },
        ]),
        version: 3,
        updated_at: '2026-06-01T00:00:00.000Z',
      })
      .execute();
    const response = await readCart(shopper.cookie);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      version: 3,
      lines: [
        { id: 30, name: 'Camo Down Vest', unitPrice: 32500, quantity: 1, lineTotal: 32500 },
        { id: 1, name: 'Brown Brim', unitPrice: 2500, quantity: 2, lineTotal: 5000 },
      ],
      total: 37500,
    });
    // And the next write from a browser that chose sizes since is taken as usual.
    const saved = await replaceCart(
      { version: 3, lines: [{ id: 1, quantity: 2, size: 'L' }] },
      shopper.cookie,
    );
    expect(saved.statusCode).toBe(200);
    expect(saved.json<CartDocument>().lines[0]).toMatchObject({ id: 1, size: 'L', quantity: 2 });
  });
});
