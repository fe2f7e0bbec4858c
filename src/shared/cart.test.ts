import { describe, expect, it } from 'vitest';
import {
  MAX_LINE_QUANTITY,
  addItemToCart,
  cartTotal,
  clearItemFromCart,
  countCartItems,
  removeItemFromCart,
  restoreCartLines,
  type CartItem,
} from './cart.ts';
import { findItem, type Item } from './catalogue.ts';

function item(id: number): Item {
  const found = findItem(id);
  if (!found) throw new Error(`no item ${id}`);
  return found;
}

const brownBrim = item(1); // $25
const adidasNmd = item(10); // $220

describe('cart rules', () => {
  it('appends a new item with quantity 1', () => {
    expect(addItemToCart([], brownBrim)).toEqual([{ ...brownBrim, quantity: 1 }]);
  });

  it('raises the quantity of an item already in the cart, keeping line order', () => {
    const lines = addItemToCart(addItemToCart([], brownBrim), adidasNmd);
    const again = addItemToCart(lines, brownBrim);
    expect(again.map((line) => [line.id, line.quantity])).toEqual([
      [1, 2],
      [10, 1],
    ]);
  });

  it('stops raising a line at the cap', () => {
    const full: CartItem[] = [{ ...brownBrim, quantity: MAX_LINE_QUANTITY }];
    expect(addItemToCart(full, brownBrim)[0]?.quantity).toBe(MAX_LINE_QUANTITY);
  });

  it('lowers a quantity by one, and deletes the line when it was 1', () => {
    const lines: CartItem[] = [
      { ...brownBrim, quantity: 2 },
      { ...adidasNmd, quantity: 1 },
    ];
    expect(removeItemFromCart(lines, 1)).toEqual([
      { ...brownBrim, quantity: 1 },
      { ...adidasNmd, quantity: 1 },
    ]);
    expect(removeItemFromCart(lines, 10)).toEqual([{ ...brownBrim, quantity: 2 }]);
  });

  it('leaves the cart as it was when asked to lower an item it does not hold', () => {
    const lines: CartItem[] = [{ ...brownBrim, quantity: 2 }];
    expect(removeItemFromCart(lines, 99)).toEqual(lines);
  });

  it('clears a whole line whatever its quantity', () => {
    const lines: CartItem[] = [
      { ...brownBrim, quantity: 5 },
      { ...adidasNmd, quantity: 1 },
    ];
    expect(clearItemFromCart(lines, 1)).toEqual([{ ...adidasNmd, quantity: 1 }]);
  });

  it('counts items and totals in integer cents', () => {
    const lines: CartItem[] = [
      { ...brownBrim, quantity: 2 },
      { ...adidasNmd, quantity: 1 },
    ];
    expect(countCartItems(lines)).toBe(3);
    expect(cartTotal(lines)).toBe(27_000);
    expect(countCartItems([])).toBe(0);
    expect(cartTotal([])).toBe(0);
  });
});

describe('restoring a stored cart', () => {
  it('rebuilds lines from the catalogue, ignoring stored names and prices', () => {
    const stored = [
      { id: 1, name: 'Free hat', price: 1, imageUrl: 'https://evil.example/x.png', quantity: 2 },
    ];
    expect(restoreCartLines(stored)).toEqual([{ ...brownBrim, quantity: 2 }]);
  });

  it.each([
    ['not an array', { id: 1, quantity: 1 }],
    ['null', null],
    ['a string', '[{"id":1,"quantity":1}]'],
  ])('gives an empty cart for %s', (_label, value) => {
    expect(restoreCartLines(value)).toEqual([]);
  });

  it('drops lines that are unknown items or have no whole, positive quantity', () => {
    const stored = [
      { id: 999, quantity: 1 },
      { id: 1, quantity: 0 },
      { id: 2, quantity: -3 },
      { id: 3, quantity: 1.5 },
      { id: 4, quantity: '2' },
      { id: '5', quantity: 1 },
      null,
      'hat',
      { id: 6, quantity: 3 },
    ];
    expect(restoreCartLines(stored).map((line) => [line.id, line.quantity])).toEqual([[6, 3]]);
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
