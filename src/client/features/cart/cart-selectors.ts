import { createSelector } from '@reduxjs/toolkit';
import { cartTotal, countCartItems } from '#shared/cart.ts';
import type { RootState } from '#client/app/store.ts';

export const selectCartItems = (state: RootState) => state.cart.cartItems;
export const selectCartHidden = (state: RootState) => state.cart.hidden;

export const selectCartItemsCount = createSelector([selectCartItems], countCartItems);
export const selectCartTotal = createSelector([selectCartItems], cartTotal);

/**
 * True once the stored cart has been read back. The prerendered HTML has an empty cart, so cart
 * contents are shown only after this, which avoids a wrong count for a moment and a hydration
 * mismatch.
 */
export const selectCartRestored = (state: RootState) => state._persist?.rehydrated === true;
