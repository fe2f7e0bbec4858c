import { persistStore } from 'redux-persist';
import { afterEach, describe, expect, it } from 'vitest';
import { findItem } from '#shared/catalogue.ts';
import { makeStore, type AppStore } from '#client/app/store.ts';
import { itemAdded, lineSizeChosen } from './cart-slice.ts';

const brownBrim = findItem(1)!;
const adidasNmd = findItem(10)!;

/** Reads the stored cart back as the page does, and waits until it is. */
function restore(store: AppStore) {
  return new Promise<ReturnType<typeof persistStore>>((resolve) => {
    const persistor = persistStore(store, null, () => resolve(persistor));
  });
}

afterEach(() => localStorage.clear());

// Issue 13: a cart kept in this browser before lines had sizes must still load.
describe('the cart stored in this browser', () => {
  it('loads a cart stored before sizes existed, its lines without a size', async () => {
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
      { ...brownBrim, quantity: 2 },
      { ...adidasNmd, quantity: 1 },
    ]);
  });

  it('keeps each line’s size across a reload', async () => {
    const first = makeStore();
    const persistor = await restore(first);
    first.dispatch(itemAdded({ ...brownBrim, size: 'M' }));
    first.dispatch(itemAdded(adidasNmd));
    first.dispatch(lineSizeChosen({ line: { id: 10 }, chosen: 'US 9' }));
    await persistor.flush();

    const again = makeStore();
    await restore(again);
    expect(again.getState().cart.cartItems).toEqual([
      { ...brownBrim, quantity: 1, size: 'M' },
      { ...adidasNmd, quantity: 1, size: 'US 9' },
    ]);
  });
});
