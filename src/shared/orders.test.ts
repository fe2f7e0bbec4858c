import { describe, expect, it } from 'vitest';
import { findItem } from './spec-catalogue.ts';
import { canonicalOrderRequest, createOrderBodySchema, priceOrderLines } from './orders.ts';
import { describeUnavailable } from './unavailable-lines.ts';

const valid = {
  token: 'tok_abcdefghijklmnopqrstuvwxyz012345',
  idempotencyKey: '0b6f7c1e-5d0a-4c1e-9a8e-3f2b1c0d9e8f',
  lines: [
    { id: 1, quantity: 2 },
    { id: 30, quantity: 1 },
  ],
  email: 'Ada@Example.com',
  approvedTotal: 2 * 2500 + 32_500,
};

const firstMessage = (body: unknown) =>
  createOrderBodySchema.safeParse(body).error?.issues[0]?.message;

describe('createOrderBodySchema', () => {
  it('accepts ids and quantities, and lower-cases the email', () => {
    const parsed = createOrderBodySchema.parse(valid);
    expect(parsed.email).toBe('ada@example.com');
  });

  it('takes a size per line, and one product in two sizes as two lines', () => {
    const lines = [
      { id: 18, quantity: 1, size: 'S' },
      { id: 18, quantity: 2, size: 'M' },
      { id: 1, quantity: 1 },
    ];
    expect(createOrderBodySchema.parse({ ...valid, lines }).lines).toEqual(lines);
  });

  it('leaves whether an item is on sale, and in which sizes, to the catalogue', () => {
    // The server checks both against the database catalogue (orders-service.ts).
    expect(
      createOrderBodySchema.safeParse({ ...valid, lines: [{ id: 999, quantity: 1 }] }).success,
    ).toBe(true);
  });

  it('refuses prices, amounts and any other field the client might send', () => {
    expect(firstMessage({ ...valid, amount: 1 })).toMatch(/Unknown field: amount/);
    expect(firstMessage({ ...valid, total: 1, currency: 'usd' })).toMatch(/total, currency/);
    expect(firstMessage({ ...valid, lines: [{ id: 1, quantity: 1, price: 1 }] })).toMatch(
      /Unknown field: price/,
    );
  });

  it('refuses repeated lines, bad sizes and bad quantities', () => {
    expect(
      firstMessage({
        ...valid,
        lines: [
          { id: 18, quantity: 1, size: 'M' },
          { id: 18, quantity: 2, size: 'M' },
        ],
      }),
    ).toBe('Item 18 in size M appears twice; send one line per item and size.');
    for (const size of ['', '   ', 'X'.repeat(17), 3, null]) {
      expect(firstMessage({ ...valid, lines: [{ id: 18, quantity: 1, size }] })).toBeTruthy();
    }
    expect(
      firstMessage({
        ...valid,
        lines: [
          { id: 1, quantity: 1 },
          { id: 1, quantity: 2 },
        ],
      }),
    ).toMatch(/appears twice/);
    for (const quantity of [0, -1, 1.5, 100, '2']) {
      expect(firstMessage({ ...valid, lines: [{ id: 1, quantity }] })).toBeTruthy();
    }
    expect(firstMessage({ ...valid, lines: [] })).toBe('The order has no items.');
    const tooMany = Array.from({ length: 51 }, (_, index) => ({ id: index + 1, quantity: 1 }));
    expect(firstMessage({ ...valid, lines: tooMany })).toBeTruthy();
  });

  it('needs the approved total as a positive whole number of cents', () => {
    for (const approvedTotal of [undefined, 0, -100, 375.5, '37500']) {
      expect(firstMessage({ ...valid, approvedTotal }), String(approvedTotal)).toBeTruthy();
    }
  });

  it('refuses short idempotency keys and malformed tokens', () => {
    expect(firstMessage({ ...valid, idempotencyKey: 'short' })).toMatch(/16 to 100/);
    expect(firstMessage({ ...valid, token: '4242424242424242' })).toBe(
      'The card token is not valid.',
    );
  });
});

describe('priceOrderLines', () => {
  it('prices every line from the catalogue in integer cents', () => {
    expect(
      priceOrderLines(
        [
          { id: 1, quantity: 3, size: 'M' },
          { id: 30, quantity: 2 },
        ],
        findItem,
      ),
    ).toEqual({
      currency: 'usd',
      total: 3 * 2500 + 2 * 32_500,
      lines: [
        { id: 1, name: 'Brown Brim', size: 'M', unitPrice: 2500, quantity: 3, lineTotal: 7500 },
        { id: 30, name: 'Camo Down Vest', unitPrice: 32_500, quantity: 2, lineTotal: 65_000 },
      ],
    });
  });

  it('ignores any price on its input and refuses unknown items', () => {
    const line = { id: 2, quantity: 1, price: 1, unitPrice: 1 };
    expect(priceOrderLines([line], findItem)?.total).toBe(1800);
    expect(priceOrderLines([{ id: 999, quantity: 1 }], findItem)).toBeUndefined();
  });
});

describe('canonicalOrderRequest', () => {
  it('is the same for the same order in another line order, and differs otherwise', () => {
    const body = createOrderBodySchema.parse(valid);
    const reordered = { ...body, lines: [...body.lines].reverse() };
    expect(canonicalOrderRequest(reordered, null)).toBe(canonicalOrderRequest(body, null));
    expect(canonicalOrderRequest(body, 'user-1')).not.toBe(canonicalOrderRequest(body, null));
    const more = { ...body, lines: [{ id: 1, quantity: 3 }] };
    expect(canonicalOrderRequest(more, null)).not.toBe(canonicalOrderRequest(body, null));
    const sized = { ...body, lines: [{ id: 1, quantity: 2, size: 'M' }, body.lines[1]!] };
    expect(canonicalOrderRequest(sized, null)).not.toBe(canonicalOrderRequest(body, null));
  });

  it('reads a line without a size as before sizes, so a retry across the upgrade matches', () => {
    const body = createOrderBodySchema.parse(valid);
    expect(canonicalOrderRequest(body, null)).toContain('"lines":[[1,2],[30,1]]');
  });
});

describe('describeUnavailable', () => {
  it('names the line, its size and how many are left', () => {
    const line = { id: 1, name: 'Brown Brim', quantity: 2 };
    expect(describeUnavailable({ ...line, size: 'M', available: 0 })).toBe(
      'Brown Brim (size M): sold out',
    );
    expect(describeUnavailable({ ...line, available: 1 })).toBe('Brown Brim: only 1 left');
  });
});
