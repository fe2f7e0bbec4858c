import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Item } from '#shared/catalogue.ts';
import { makeStore } from '#client/app/store.ts';
import { stubApi } from '#client/test/stub-api.ts';
import { accountCartSynced } from './cart-slice.ts';
import { followCartProducts } from './cart-products.ts';
import {
  selectCartItems,
  selectCartKnown,
  selectCartTotal,
  selectNoLongerAvailable,
} from './cart-selectors.ts';

// The catalogue as the owner left it: Brown Brim at $31 (the seed says $25), a scarf the seed
// never had, and Brown Cowboy archived.
const brownBrim: Item = {
  id: 1,
  name: 'Brown Brim',
  imageUrl: '/images/items/brown-brim',
  price: 3100,
};
const scarf: Item = {
  id: 36,
  name: 'Heather Wool Scarf',
  imageUrl: '/images/items/scarf',
  price: 4250,
};
const readBack = { cartStorage: { restored: true } };

afterEach(() => vi.unstubAllGlobals());

describe("the products of the cart's lines", () => {
  it('are asked of the catalogue as it is now; a product off sale leaves, named, and the rest stays', async () => {
    const api = stubApi({
      'GET /api/catalogue/products?ids=1,3,36': {
        body: { products: [brownBrim, scarf], unavailable: [{ id: 3, name: 'Brown Cowboy' }] },
      },
    });
    const store = makeStore({
      ...readBack,
      cart: {
        hidden: true,
        cartItems: [
          { id: 1, quantity: 2, size: 'M' },
          { id: 3, quantity: 1, size: 'M' },
          { id: 36, quantity: 1, size: 'S' },
        ],
      },
    });
    const stop = followCartProducts(store);
    expect(selectCartKnown(store.getState())).toBe(false);
    await vi.waitFor(() => expect(selectCartKnown(store.getState())).toBe(true));
    stop();

    expect(selectCartItems(store.getState())).toEqual([
      { ...brownBrim, quantity: 2, size: 'M' },
      { ...scarf, quantity: 1, size: 'S' },
    ]);
    expect(selectCartTotal(store.getState())).toBe(2 * 3100 + 4250);
    expect(selectNoLongerAvailable(store.getState())).toEqual(['Brown Cowboy']);
    expect(api.calls).toHaveLength(1);
  });

  it("asks for the lines the account's cart brings, and only for those not known", async () => {
    const api = stubApi({
      'GET /api/catalogue/products?ids=36': { body: { products: [scarf], unavailable: [] } },
    });
    const store = makeStore(readBack);
    const stop = followCartProducts(store);
    store.dispatch(accountCartSynced([{ id: 36, quantity: 1 }]));
    await vi.waitFor(() => expect(selectCartKnown(store.getState())).toBe(true));
    store.dispatch(accountCartSynced([{ id: 36, quantity: 2 }]));
    stop();
    expect(selectCartTotal(store.getState())).toBe(2 * 4250);
    expect(api.calls.map((call) => call.path)).toEqual(['/api/catalogue/products?ids=36']);
  });
});
