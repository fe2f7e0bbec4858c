import { describe, expect, it } from 'vitest';
import { findItem } from '#shared/catalogue.ts';
import { makeStore } from '#client/app/store.ts';
import {
  accountCartSynced,
  cartClearedAtSignOut,
  dropdownClosed,
  dropdownToggled,
  itemAdded,
  itemRemoved,
  lineCleared,
} from './cart-slice.ts';
import {
  selectCartHidden,
  selectCartItems,
  selectCartItemsCount,
  selectCartRestored,
  selectCartTotal,
} from './cart-selectors.ts';

const brownBrim = findItem(1)!;
const blueBeanie = findItem(2)!;

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

  it('adds, lowers and clears lines; count and total follow', () => {
    const store = makeStore();
    store.dispatch(itemAdded(brownBrim));
    store.dispatch(itemAdded(brownBrim));
    store.dispatch(itemAdded(blueBeanie));
    expect(selectCartItemsCount(store.getState())).toBe(3);
    expect(selectCartTotal(store.getState())).toBe(2 * 2500 + 1800);

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

  it('reports the cart as restored only once redux-persist has read it back', () => {
    expect(selectCartRestored(makeStore().getState())).toBe(false);
    const restored = makeStore({ _persist: { version: -1, rehydrated: true } });
    expect(selectCartRestored(restored.getState())).toBe(true);
  });

  it("takes the account's cart by ids and quantities, names and prices from the catalogue", () => {
    const store = makeStore();
    store.dispatch(itemAdded(blueBeanie));
    store.dispatch(
      accountCartSynced([
        { id: 1, quantity: 3 },
        { id: 999, quantity: 1 },
      ]),
    );
    expect(selectCartItems(store.getState())).toEqual([{ ...brownBrim, quantity: 3 }]);
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
