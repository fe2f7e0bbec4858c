import { REHYDRATE } from 'redux-persist';
import { describe, expect, it, vi } from 'vitest';
import { findItem } from '#shared/spec-catalogue.ts';
import { itemAdded } from '#client/features/cart/cart-slice.ts';
import { makeStore, persistConfig } from './store.ts';

const brownBrim = findItem(1)!;

describe('persistence config', () => {
  it('keeps only the cart, under persist:root, with a 5000 ms time-out', () => {
    expect(persistConfig.key).toBe('root');
    expect(persistConfig.keyPrefix ?? 'persist:').toBe('persist:');
    expect(persistConfig.whitelist).toEqual(['cart']);
    expect(persistConfig.timeout).toBe(5000);
  });
});

describe('the store', () => {
  it('starts with the four slices of the spec, the catalogue empty until a loader fills it', () => {
    const state = makeStore().getState();
    expect(state.user).toEqual({ currentUser: null, authResolved: false });
    expect(state.cart).toEqual({ hidden: true, cartItems: [] });
    expect(state.directory).toEqual({ sections: [] });
    expect(state.shop).toEqual({ collections: {} });
  });

  it('restores only the cart, as references, from whatever was stored', () => {
    const store = makeStore();
    store.dispatch({
      type: REHYDRATE,
      key: 'root',
      payload: {
        cart: {
          hidden: false,
          cartItems: [
            { id: 1, quantity: 2, price: 1 },
            { id: 404, quantity: 1 },
          ],
        },
        user: { currentUser: { id: 'intruder', displayName: 'Mallory' } },
        _persist: { version: -1, rehydrated: true },
      },
    });
    const state = store.getState();
    // Whether 404 is on sale is the catalogue's to say when the cart is shown.
    expect(state.cart).toEqual({
      hidden: true,
      cartItems: [
        { id: 1, quantity: 2 },
        { id: 404, quantity: 1 },
      ],
    });
    expect(state.cartCatalogue).toEqual({ products: {}, noLongerAvailable: [] });
    expect(state.user.currentUser).toBeNull();
  });

  it('starts with an empty cart when the stored cart is unusable', () => {
    const store = makeStore();
    store.dispatch(itemAdded(brownBrim));
    store.dispatch({ type: REHYDRATE, key: 'root', payload: { cart: 42 } });
    expect(store.getState().cart).toEqual({ hidden: true, cartItems: [] });
  });
});

// Issue 9: privacy settings that block storage make reading window.localStorage throw.
describe('with storage blocked', () => {
  it('keeps the persisted cart in memory for the page, and never throws', async () => {
    const original = Object.getOwnPropertyDescriptor(window, 'localStorage')!;
    Object.defineProperty(window, 'localStorage', {
      configurable: true,
      get() {
        throw new DOMException('The access is denied for this document.', 'SecurityError');
      },
    });
    try {
      vi.resetModules();
      const blocked = await import('./store.ts');
      const { storage } = blocked.persistConfig;
      await expect(storage.getItem('persist:root')).resolves.toBeNull();
      await storage.setItem('persist:root', '{"cart":"{}"}');
      await expect(storage.getItem('persist:root')).resolves.toBe('{"cart":"{}"}');
    } finally {
      Object.defineProperty(window, 'localStorage', original);
    }
  });
});
