import { describe, expect, it } from 'vitest';
import {
  MAX_LINE_QUANTITY,
  addItemToCart,
  cartTotal,
  chooseLineSize,
  clearItemFromCart,
  countCartItems,
  joinCartLines,
  removeItemFromCart,
  restoreCartLines,
  type CartLineRef,
} from './cart.ts';
import type { Item } from './catalogue.ts';

// What the catalogue says now: not the seed's prices, so a test cannot pass on them by chance.
const brownBrim: Item = {
  id: 1,
  name: 'Brown Brim',
  imageUrl: '/images/items/brown-brim',
  price: 3100,
};
const adidasNmd: Item = {
  id: 10,
  name: 'Adidas NMD',
  imageUrl: '/images/items/adidas-nmd',
  price: 22_000,
};

describe('cart rules', () => {
  it('appends a new line with quantity 1, holding the product id only', () => {
    expect(addItemToCart([], brownBrim)).toEqual([{ id: 1, quantity: 1 }]);
  });

  it('raises the quantity of an item already in the cart, keeping line order', () => {
    const lines = addItemToCart(addItemToCart([], { id: 1 }), { id: 10 });
    const again = addItemToCart(lines, { id: 1 });
    expect(again).toEqual([
      { id: 1, quantity: 2 },
      { id: 10, quantity: 1 },
    ]);
  });

  it('stops raising a line at the cap', () => {
    const full: CartLineRef[] = [{ id: 1, quantity: MAX_LINE_QUANTITY }];
    expect(addItemToCart(full, { id: 1 })[0]?.quantity).toBe(MAX_LINE_QUANTITY);
  });

  it('lowers a quantity by one, and deletes the line when it was 1', () => {
    const lines: CartLineRef[] = [
      { id: 1, quantity: 2 },
      { id: 10, quantity: 1 },
    ];
    expect(removeItemFromCart(lines, { id: 1 })).toEqual([
      { id: 1, quantity: 1 },
      { id: 10, quantity: 1 },
    ]);
    expect(removeItemFromCart(lines, { id: 10 })).toEqual([{ id: 1, quantity: 2 }]);
  });

  it('leaves the cart as it was when asked to lower an item it does not hold', () => {
    const lines: CartLineRef[] = [{ id: 1, quantity: 2 }];
    expect(removeItemFromCart(lines, { id: 99 })).toEqual(lines);
  });

  it('clears a whole line whatever its quantity', () => {
    const lines: CartLineRef[] = [
      { id: 1, quantity: 5 },
      { id: 10, quantity: 1 },
    ];
    expect(clearItemFromCart(lines, { id: 1 })).toEqual([{ id: 10, quantity: 1 }]);
  });

  it('counts items and totals in integer cents, at the prices given', () => {
    const lines = [
      { ...brownBrim, quantity: 2 },
      { ...adidasNmd, quantity: 1 },
    ];
    expect(countCartItems(lines)).toBe(3);
    expect(cartTotal(lines)).toBe(2 * 3100 + 22_000);
    expect(countCartItems([])).toBe(0);
    expect(cartTotal([])).toBe(0);
  });
});

describe('joining lines to the catalogue as it is now', () => {
  const catalogue = new Map<number, Item | null>([
    [1, brownBrim],
    [2, null],
  ]);

  it('shows each line with the name, picture and price the catalogue has now', () => {
    const joined = joinCartLines(
      [
        { id: 1, quantity: 2, size: 'M' },
        { id: 2, quantity: 1 },
        { id: 10, quantity: 1 },
      ],
      (id) => catalogue.get(id),
    );
    expect(joined.items).toEqual([{ ...brownBrim, quantity: 2, size: 'M' }]);
    expect(cartTotal(joined.items)).toBe(6200);
    // Not on sale (archived), and not known yet (being asked for).
    expect(joined.unavailable).toEqual([{ id: 2, quantity: 1 }]);
    expect(joined.pending).toEqual([{ id: 10, quantity: 1 }]);
  });

  it('takes nothing but the reference from a line, whatever else it carries', () => {
    const stale = { id: 1, name: 'Free hat', imageUrl: 'https://evil.example/x.png', price: 1 };
    const joined = joinCartLines([{ ...stale, quantity: 1 }], (id) => catalogue.get(id));
    expect(joined.items).toEqual([{ ...brownBrim, quantity: 1 }]);
  });
});

describe('restoring a stored cart', () => {
  it('keeps only ids, sizes and quantities, dropping stored names and prices', () => {
    const stored = [
      { id: 1, name: 'Free hat', price: 1, imageUrl: 'https://evil.example/x.png', quantity: 2 },
    ];
    expect(restoreCartLines(stored)).toEqual([{ id: 1, quantity: 2 }]);
  });

  it('keeps a line of a product the seed never had: the catalogue says whether it is on sale', () => {
    expect(restoreCartLines([{ id: 36, quantity: 1, size: 'M' }])).toEqual([
      { id: 36, quantity: 1, size: 'M' },
    ]);
  });

  it.each([
    ['not an array', { id: 1, quantity: 1 }],
    ['null', null],
    ['a string', '[{"id":1,"quantity":1}]'],
  ])('gives an empty cart for %s', (_label, value) => {
    expect(restoreCartLines(value)).toEqual([]);
  });

  it('drops lines without a positive whole id or a whole, positive quantity', () => {
    const stored = [
      { id: 0, quantity: 1 },
      { id: -1, quantity: 1 },
      { id: 1.5, quantity: 1 },
      { id: 1, quantity: 0 },
      { id: 2, quantity: -3 },
      { id: 3, quantity: 1.5 },
      { id: 4, quantity: '2' },
      { id: '5', quantity: 1 },
      null,
      'hat',
      { id: 6, quantity: 3 },
    ];
    expect(restoreCartLines(stored)).toEqual([{ id: 6, quantity: 3 }]);
  });

  it('merges repeated ids and caps the quantity', () => {
    const stored = [
      { id: 1, quantity: 60 },
      { id: 1, quantity: 60 },
      { id: 2, quantity: 1e9 },
    ];
    expect(restoreCartLines(stored).map((line) => [line.id, line.quantity])).toEqual([
      [1, MAX_LINE_QUANTITY],
      [2, MAX_LINE_QUANTITY],
    ]);
  });
});

describe('lines per product and size', () => {
  const lines = (cart: readonly CartLineRef[]) =>
    cart.map((line) => [line.id, line.size ?? null, line.quantity]);

  it('keeps a product in two sizes as two lines, and raises the line of the same size', () => {
    let cart = addItemToCart([], { id: 1, size: 'S' });
    cart = addItemToCart(cart, { id: 1, size: 'M' });
    cart = addItemToCart(cart, { id: 1 });
    cart = addItemToCart(cart, { id: 1, size: 'S' });
    expect(lines(cart)).toEqual([
      [1, 'S', 2],
      [1, 'M', 1],
      [1, null, 1],
    ]);
  });

  it('keeps only the reference of what is added, so a product page cannot bloat the cart', () => {
    const product = { ...brownBrim, description: 'A hat', sizes: [{ size: 'S', stock: 2 }] };
    expect(addItemToCart([], { ...product, size: 'S' })).toEqual([
      { id: 1, quantity: 1, size: 'S' },
    ]);
  });

  it('lowers and clears only the line of that size', () => {
    const cart: CartLineRef[] = [
      { id: 1, quantity: 1, size: 'S' },
      { id: 1, quantity: 2 },
    ];
    expect(lines(removeItemFromCart(cart, { id: 1, size: 'S' }))).toEqual([[1, null, 2]]);
    expect(lines(removeItemFromCart(cart, { id: 1 }))).toEqual([
      [1, 'S', 1],
      [1, null, 1],
    ]);
    expect(lines(clearItemFromCart(cart, { id: 1 }))).toEqual([[1, 'S', 1]]);
  });

  it('gives a line without a size the one chosen, in its place', () => {
    const cart: CartLineRef[] = [
      { id: 1, quantity: 2 },
      { id: 10, quantity: 1 },
    ];
    expect(lines(chooseLineSize(cart, { id: 1 }, 'M'))).toEqual([
      [1, 'M', 2],
      [10, null, 1],
    ]);
  });

  it('merges the line into the line that already has the size chosen, up to the cap', () => {
    const cart: CartLineRef[] = [
      { id: 1, quantity: 3, size: 'M' },
      { id: 10, quantity: 1 },
      { id: 1, quantity: 2 },
    ];
    expect(lines(chooseLineSize(cart, { id: 1 }, 'M'))).toEqual([
      [1, 'M', 5],
      [10, null, 1],
    ]);
    const full: CartLineRef[] = [
      { id: 1, quantity: MAX_LINE_QUANTITY, size: 'M' },
      { id: 1, quantity: 2 },
    ];
    expect(lines(chooseLineSize(full, { id: 1 }, 'M'))).toEqual([[1, 'M', MAX_LINE_QUANTITY]]);
  });

  it('changes nothing for a line it does not hold or an empty size', () => {
    const cart: CartLineRef[] = [{ id: 1, quantity: 2 }];
    expect(chooseLineSize(cart, { id: 2 }, 'M')).toEqual(cart);
    expect(chooseLineSize(cart, { id: 1 }, '')).toEqual(cart);
    const sized: CartLineRef[] = [{ id: 1, quantity: 2, size: 'M' }];
    expect(chooseLineSize(sized, { id: 1, size: 'M' }, 'M')).toEqual(sized);
  });

  it('restores sizes, merging repeated lines of the same size only', () => {
    const stored = [
      { id: 1, quantity: 1, size: 'S' },
      { id: 1, quantity: 2, size: 'M' },
      { id: 1, quantity: 3, size: 'S' },
      { id: 1, quantity: 1 },
    ];
    expect(lines(restoreCartLines(stored))).toEqual([
      [1, 'S', 4],
      [1, 'M', 2],
      [1, null, 1],
    ]);
  });

  it('restores a cart stored before sizes existed as lines without a size', () => {
    const stored = [
      { id: 1, name: 'Brown Brim', imageUrl: brownBrim.imageUrl, price: 2500, quantity: 2 },
    ];
    expect(restoreCartLines(stored)).toEqual([{ id: 1, quantity: 2 }]);
  });

  it('drops a size that is not text of a sane length, keeping the line', () => {
    const stored = [
      { id: 1, quantity: 1, size: 7 },
      { id: 2, quantity: 1, size: 'X'.repeat(17) },
      { id: 3, quantity: 1, size: '  ' },
    ];
    expect(lines(restoreCartLines(stored))).toEqual([
      [1, null, 1],
      [2, null, 1],
      [3, null, 1],
    ]);
  });
});
