import { persistStore } from 'redux-persist';
import { afterEach, describe, expect, it } from 'vitest';
import type { Item } from '#shared/catalogue.ts';
import { makeStore, type AppStore } from '#client/app/store.ts';
import { itemAdded, lineSizeChosen } from './cart-slice.ts';

// Prices an owner set since: the stored cart must never bring back the ones it was added at.
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
  price: 23_000,
};

/** Reads the stored cart back as the page does, and waits until it is. */
function restore(store: AppStore) {
  return new Promise<ReturnType<typeof persistStore>>((resolve) => {
    const persistor = persistStore(store, null, () => resolve(persistor));
  });
}

/** What this browser keeps under persist:root, parsed. */
const stored = () => {
  const root = JSON.parse(localStorage.getItem('persist:root') ?? '{}') as Record<string, string>;
  return Object.fromEntries(Object.entries(root).map(([key, value]) => [key, JSON.parse(value)]));
};

afterEach(() => localStorage.clear());

// Issue 13: a cart kept in this browser before lines had sizes must still load.
describe('the cart stored in this browser', () => {
  it('loads a cart stored before sizes existed (names and prices in it), as references only', async () => {
    // Exactly what the shop wrote under persist:root before issue 13.
    const oldCart = {
      hidden: true,
      cartItems: [
        { id: 1, name: 'Brown Brim', imageUrl: brownBrim.imageUrl, price: 2500, quantity: 2 },
        { id: 10, name: 'Adidas NMD', imageUrl: adidasNmd.imageUrl, price: 22_000, quantity: 1 },
      ],
    };
    localStorage.setItem(
      'persist:root',
      JSON.stringify({
        cart: JSON.stringify(oldCart),
        _persist: JSON.stringify({ version: -1, rehydrated: true }),
      }),
    );
    const store = makeStore();
    await restore(store);
    expect(store.getState().cart.cartItems).toEqual([
      { id: 1, quantity: 2 },
      { id: 10, quantity: 1 },
    ]);
  });

  it('keeps each line’s product, size and quantity across a reload, and nothing else', async () => {
    const first = makeStore();
    const persistor = await restore(first);
    first.dispatch(itemAdded({ ...brownBrim, size: 'M' }));
    first.dispatch(itemAdded(adidasNmd));
    first.dispatch(lineSizeChosen({ line: { id: 10 }, chosen: 'US 9' }));
    await persistor.flush();

    expect(Object.keys(stored())).toEqual(['cart', '_persist']);
    expect(stored().cart).toEqual({
      hidden: true,
      cartItems: [
        { id: 1, quantity: 1, size: 'M' },
        { id: 10, quantity: 1, size: 'US 9' },
      ],
    });

    const again = makeStore();
    await restore(again);
    expect(again.getState().cart.cartItems).toEqual([
      { id: 1, quantity: 1, size: 'M' },
      { id: 10, quantity: 1, size: 'US 9' },
    ]);
    // What they are called and cost now is asked of the catalogue (cart-products.ts).
    expect(again.getState().cartCatalogue.products).toEqual({});
  });
});
