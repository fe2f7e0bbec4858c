import { describe, expect, it } from 'vitest';
import type { Item } from '#shared/catalogue.ts';
import { makeStore } from '#client/app/store.ts';
import { collectionLoaded } from '#client/features/shop/shop-slice.ts';
import { cartProductsForgotten, cartProductsLoaded } from './cart-catalogue-slice.ts';
import {
  accountCartSynced,
  cartClearedAtSignOut,
  dropdownClosed,
  dropdownToggled,
  itemAdded,
  itemRemoved,
  lineCleared,
  linesNoLongerAvailable,
} from './cart-slice.ts';
import {
  selectCartHidden,
  selectCartItems,
  selectCartItemsCount,
  selectCartKnown,
  selectCartLines,
  selectCartRestored,
  selectCartTotal,
  selectNoLongerAvailable,
} from './cart-selectors.ts';

// The catalogue as an owner left it: not the seed's prices ($25 and $18), so nothing here can
// pass on the compiled catalogue.
const brownBrim: Item = {
  id: 1,
  name: 'Brown Brim',
  imageUrl: '/images/items/brown-brim',
  price: 3100,
};
const blueBeanie: Item = {
  id: 2,
  name: 'Blue Beanie',
  imageUrl: '/images/items/blue-beanie',
  price: 1900,
};
/** A product the owner added: the seed never had it. */
const scarf: Item = {
  id: 36,
  name: 'Heather Wool Scarf',
  imageUrl: '/images/items/scarf',
  price: 4250,
};

const readBack = { cartStorage: { restored: true } };

describe('cart slice', () => {
  it('toggles and closes the dropdown, hidden by default', () => {
    const store = makeStore();
    expect(selectCartHidden(store.getState())).toBe(true);
    store.dispatch(dropdownToggled());
    expect(selectCartHidden(store.getState())).toBe(false);
    store.dispatch(dropdownClosed());
    store.dispatch(dropdownClosed());
    expect(selectCartHidden(store.getState())).toBe(true);
  });

  it('adds, lowers and clears lines; count and total follow at the prices the page showed', () => {
    const store = makeStore();
    store.dispatch(itemAdded(brownBrim));
    store.dispatch(itemAdded(brownBrim));
    store.dispatch(itemAdded(blueBeanie));
    expect(selectCartItemsCount(store.getState())).toBe(3);
    expect(selectCartTotal(store.getState())).toBe(2 * 3100 + 1900);

    store.dispatch(itemRemoved({ id: brownBrim.id }));
    expect(selectCartItems(store.getState()).map((l) => [l.id, l.quantity])).toEqual([
      [1, 1],
      [2, 1],
    ]);
    store.dispatch(itemRemoved({ id: brownBrim.id }));
    expect(selectCartItems(store.getState()).map((l) => l.id)).toEqual([2]);

    store.dispatch(itemAdded(blueBeanie));
    store.dispatch(lineCleared({ id: blueBeanie.id }));
    expect(selectCartItems(store.getState())).toEqual([]);
    expect(selectCartTotal(store.getState())).toBe(0);
  });

  it('keeps references only in the lines: names and prices live beside them, never stored', () => {
    const store = makeStore();
    store.dispatch(itemAdded({ ...scarf, size: 'M' }));
    expect(selectCartLines(store.getState())).toEqual([{ id: 36, quantity: 1, size: 'M' }]);
    expect(selectCartItems(store.getState())).toEqual([{ ...scarf, quantity: 1, size: 'M' }]);
  });

  it('reports the cart as restored only once it has been read back from storage', () => {
    expect(selectCartRestored(makeStore().getState())).toBe(false);
    const restored = makeStore(readBack);
    expect(selectCartRestored(restored.getState())).toBe(true);
  });

  it("takes the account's cart by reference, and shows its lines once the catalogue has said what they are now", () => {
    const store = makeStore(readBack);
    store.dispatch(itemAdded(blueBeanie));
    store.dispatch(
      accountCartSynced([
        { id: 1, quantity: 3 },
        { id: 36, quantity: 1 },
      ]),
    );
    expect(selectCartItemsCount(store.getState())).toBe(4);
    // Not known yet: nothing is shown at a price that may be stale, and nothing can be paid.
    expect(selectCartKnown(store.getState())).toBe(false);
    expect(selectCartItems(store.getState())).toEqual([]);

    store.dispatch(cartProductsLoaded([brownBrim, scarf]));
    expect(selectCartKnown(store.getState())).toBe(true);
    expect(selectCartItems(store.getState())).toEqual([
      { ...brownBrim, quantity: 3 },
      { ...scarf, quantity: 1 },
    ]);
    expect(selectCartTotal(store.getState())).toBe(3 * 3100 + 4250);
  });

  it('shows the price the catalogue has now, after a listing or an answer brings a new one', () => {
    const store = makeStore(readBack);
    store.dispatch(itemAdded({ ...brownBrim, price: 2500 }));
    expect(selectCartTotal(store.getState())).toBe(2500);
    store.dispatch(
      collectionLoaded({ id: 1, title: 'Hats', routeName: 'hats', items: [brownBrim] }),
    );
    expect(selectCartTotal(store.getState())).toBe(3100);

    // An order found the total changed: the cart forgets and asks again.
    store.dispatch(cartProductsForgotten());
    expect(selectCartKnown(store.getState())).toBe(false);
    store.dispatch(cartProductsLoaded([{ ...brownBrim, price: 3300 }]));
    expect(selectCartTotal(store.getState())).toBe(3300);
  });

  it('names a product no longer on sale and keeps the rest of the cart', () => {
    const store = makeStore(readBack);
    store.dispatch(itemAdded(brownBrim));
    store.dispatch(itemAdded({ ...blueBeanie, size: 'M' }));
    store.dispatch(linesNoLongerAvailable([{ id: 1, name: 'Brown Brim' }]));
    expect(selectCartLines(store.getState())).toEqual([{ id: 2, quantity: 1, size: 'M' }]);
    expect(selectNoLongerAvailable(store.getState())).toEqual(['Brown Brim']);
    expect(selectCartKnown(store.getState())).toBe(true);
    expect(selectCartTotal(store.getState())).toBe(1900);
  });

  it('empties the lines and closes the dropdown at sign-out', () => {
    const store = makeStore();
    store.dispatch(itemAdded(brownBrim));
    store.dispatch(dropdownToggled());
    store.dispatch(cartClearedAtSignOut());
    expect(selectCartItems(store.getState())).toEqual([]);
    expect(selectCartHidden(store.getState())).toBe(true);
  });
});
