import { describe, expect, it } from 'vitest';
import { makeStore } from './store.ts';

describe('the store', () => {
  it('starts with the four slices of the spec, the catalogue empty until a loader fills it, the cart not read back', () => {
    const state = makeStore().getState();
    expect(state.user).toEqual({ currentUser: null, authResolved: false });
    expect(state.cart).toEqual({ hidden: true, cartItems: [] });
    expect(state.directory).toEqual({ sections: [] });
    expect(state.shop).toEqual({ collections: {} });
    expect(state.cartStorage).toEqual({ restored: false });
  });
});
