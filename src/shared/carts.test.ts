import { describe, expect, it } from 'vitest';
import { cartLinesSchema, mergeCartLines } from './carts.ts';

describe('mergeCartLines', () => {
  it("keeps the account's lines first, appends the browser's new items, and takes the larger quantity", () => {
    const account = [
      { id: 1, quantity: 2 },
      { id: 10, quantity: 1 },
    ];
    const browser = [
      { id: 18, quantity: 1 },
      { id: 10, quantity: 3 },
      { id: 1, quantity: 1 },
      { id: 2, quantity: 1 },
    ];
    expect(mergeCartLines(account, browser)).toEqual([
      { id: 1, quantity: 2 },
      { id: 10, quantity: 3 },
      { id: 18, quantity: 1 },
      { id: 2, quantity: 1 },
    ]);
  });

  it('changes nothing when merged again (a retried merge)', () => {
    const once = mergeCartLines([{ id: 5, quantity: 4 }], [{ id: 5, quantity: 2 }]);
    expect(mergeCartLines(once, [{ id: 5, quantity: 2 }])).toEqual(once);
  });

  it('keeps products the seed never had: which are on sale is the catalogue’s to say', () => {
    expect(mergeCartLines([{ id: 36, quantity: 1 }], [{ id: 3, quantity: 1 }])).toEqual([
      { id: 36, quantity: 1 },
      { id: 3, quantity: 1 },
    ]);
  });
});

describe('cartLinesSchema', () => {
  it('takes ids and quantities only, one line per item and size', () => {
    expect(cartLinesSchema.safeParse([{ id: 1, quantity: 99 }]).success).toBe(true);
    // A product the owner added: the shape is right; the catalogue says whether it is on sale.
    expect(cartLinesSchema.safeParse([{ id: 36, quantity: 1 }]).success).toBe(true);
    expect(cartLinesSchema.safeParse([]).success).toBe(true);
    for (const bad of [
      [{ id: 1, quantity: 1, price: 1 }],
      [{ id: 0, quantity: 1 }],
      [
        { id: 1, quantity: 1 },
        { id: 1, quantity: 1 },
      ],
      [{ id: 1, quantity: 0 }],
    ]) {
      expect(cartLinesSchema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
  });
});
