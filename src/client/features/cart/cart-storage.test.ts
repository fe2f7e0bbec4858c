import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeStore } from '#client/app/store.ts';
import { selectCartRestored } from './cart-selectors.ts';
import { cartClearedAtSignOut, dropdownToggled, itemAdded, lineSizeChosen } from './cart-slice.ts';
import { CART_STORAGE_KEY, keepCartStored, OLD_CART_STORAGE_KEY } from './cart-storage.ts';

/** A page opened now: a store that reads this browser's cart back and keeps it. */
function openPage() {
  const store = makeStore();
  keepCartStored(store);
  return store;
}

const storedLines = () =>
  (JSON.parse(localStorage.getItem(CART_STORAGE_KEY) ?? 'null') as { lines?: unknown } | null)
    ?.lines;

/** Exactly what redux-persist wrote under persist:root: each slice as JSON inside JSON. */
const reduxPersistRoot = (cart: unknown, extra: Record<string, string> = {}) =>
  JSON.stringify({
    cart: JSON.stringify(cart),
    ...extra,
    _persist: JSON.stringify({ version: -1, rehydrated: true }),
  });

afterEach(() => localStorage.clear());

// ADR 055: carts kept by redux-persist, before it was replaced, must still load.
describe('a cart kept by redux-persist', () => {
  it('is restored as references, moved to the new key, and not read again', () => {
    // What the shop wrote before issue 13 (names and prices in the lines, no sizes)…
    localStorage.setItem(
      OLD_CART_STORAGE_KEY,
      reduxPersistRoot({
        hidden: false,
        cartItems: [
          {
            id: 1,
            name: 'Brown Brim',
            imageUrl: '/images/items/brown-brim',
            price: 2500,
            quantity: 2,
          },
          {
            id: 10,
            name: 'Adidas NMD',
            imageUrl: '/images/items/adidas-nmd',
            price: 22_000,
            quantity: 1,
          },
        ],
      }),
    );
    const page = openPage();
    expect(selectCartRestored(page.getState())).toBe(true);
    expect(page.getState().cart).toEqual({
      hidden: true,
      cartItems: [
        { id: 1, quantity: 2 },
        { id: 10, quantity: 1 },
      ],
    });
    expect(localStorage.getItem(OLD_CART_STORAGE_KEY)).toBeNull();

    const reloaded = openPage();
    expect(reloaded.getState().cart.cartItems).toEqual([
      { id: 1, quantity: 2 },
      { id: 10, quantity: 1 },
    ]);
  });

  it('keeps the sizes of a cart stored since issue 13, and takes nothing but the cart', () => {
    localStorage.setItem(
      OLD_CART_STORAGE_KEY,
      reduxPersistRoot(
        { hidden: true, cartItems: [{ id: 1, quantity: 1, size: 'M' }] },
        { user: JSON.stringify({ currentUser: { id: 'intruder', displayName: 'Mallory' } }) },
      ),
    );
    const page = openPage();
    expect(page.getState().cart.cartItems).toEqual([{ id: 1, quantity: 1, size: 'M' }]);
    expect(page.getState().user.currentUser).toBeNull();
  });

  it('gives an empty cart when what it kept is unusable', () => {
    localStorage.setItem(OLD_CART_STORAGE_KEY, '{"cart":"{oops"}');
    expect(openPage().getState().cart.cartItems).toEqual([]);
  });
});

describe('the cart stored in this browser', () => {
  it('keeps each line’s product, size and quantity across a reload, and nothing else', () => {
    const first = openPage();
    first.dispatch(itemAdded({ id: 1, size: 'M' }));
    first.dispatch(itemAdded({ id: 10 }));
    first.dispatch(lineSizeChosen({ line: { id: 10 }, chosen: 'US 9' }));
    expect(JSON.parse(localStorage.getItem(CART_STORAGE_KEY) ?? '')).toEqual({
      version: 1,
      lines: [
        { id: 1, quantity: 1, size: 'M' },
        { id: 10, quantity: 1, size: 'US 9' },
      ],
    });

    const again = openPage();
    expect(again.getState().cart.cartItems).toEqual([
      { id: 1, quantity: 1, size: 'M' },
      { id: 10, quantity: 1, size: 'US 9' },
    ]);
  });

  it('is the shopper’s only once read back: the prerendered page’s empty cart is not', () => {
    localStorage.setItem(CART_STORAGE_KEY, '{"version":1,"lines":[{"id":1,"quantity":2}]}');
    const store = makeStore();
    expect(selectCartRestored(store.getState())).toBe(false);
    keepCartStored(store);
    expect(store.getState().cart.cartItems).toEqual([{ id: 1, quantity: 2 }]);
  });

  it('never overwrites what another tab saved with the lines this page read', () => {
    const tab = openPage();
    tab.dispatch(itemAdded({ id: 1 }));
    const other = openPage();
    other.dispatch(itemAdded({ id: 10 }));
    tab.dispatch(dropdownToggled());
    expect(storedLines()).toEqual([
      { id: 1, quantity: 1 },
      { id: 10, quantity: 1 },
    ]);
  });

  it('is emptied at sign-out', () => {
    const page = openPage();
    page.dispatch(itemAdded({ id: 1 }));
    page.dispatch(cartClearedAtSignOut());
    expect(storedLines()).toEqual([]);
    expect(openPage().getState().cart.cartItems).toEqual([]);
  });
});

// Issue 9: privacy settings that block storage make reading window.localStorage throw.
describe('with storage blocked', () => {
  it('keeps the cart in memory for the page, and never throws', async () => {
    const original = Object.getOwnPropertyDescriptor(window, 'localStorage')!;
    Object.defineProperty(window, 'localStorage', {
      configurable: true,
      get() {
        throw new DOMException('The access is denied for this document.', 'SecurityError');
      },
    });
    try {
      vi.resetModules();
      const blocked = await import('./cart-storage.ts');
      const { makeStore: makeBlockedStore } = await import('#client/app/store.ts');
      const { itemAdded: added } = await import('./cart-slice.ts');
      const store = makeBlockedStore();
      blocked.keepCartStored(store);
      store.dispatch(added({ id: 1 }));
      expect(blocked.readStoredCart()).toEqual([{ id: 1, quantity: 1 }]);
    } finally {
      Object.defineProperty(window, 'localStorage', original);
    }
  });
});
