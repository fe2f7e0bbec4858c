import { createSelector } from '@reduxjs/toolkit';
import { cartTotal, countCartItems, joinCartLines } from '#shared/cart.ts';
import type { RootState } from '#client/app/store.ts';

/** The lines as kept: references (product, size, quantity). */
export const selectCartLines = (state: RootState) => state.cart.cartItems;
export const selectCartHidden = (state: RootState) => state.cart.hidden;
const selectCartProducts = (state: RootState) => state.cartCatalogue.products;

/** The lines joined to the catalogue as this page knows it now (ADR 053). */
const selectJoinedCart = createSelector([selectCartLines, selectCartProducts], (lines, products) =>
  joinCartLines(lines, (id) => products[id]),
);

/**
 * The lines as the shopper sees them: each with its product's name, picture and price as the
 * catalogue has them now. Lines whose product is not known yet are not among them.
 */
export const selectCartItems = createSelector([selectJoinedCart], (joined) => joined.items);

export const selectCartItemsCount = createSelector([selectCartLines], countCartItems);
export const selectCartTotal = createSelector([selectCartItems], cartTotal);

/**
 * True once the stored cart has been read back. The prerendered HTML has an empty cart, so cart
 * contents are shown only after this, which avoids a wrong count for a moment and a hydration
 * mismatch.
 */
export const selectCartRestored = (state: RootState) => state.cartStorage.restored;

/**
 * True once the cart is read back and the catalogue has said what each of its lines' products
 * is now: only then are its lines, prices and total shown, and can it be paid for.
 */
export const selectCartKnown = (state: RootState) =>
  selectCartRestored(state) && selectJoinedCart(state).pending.length === 0;

/** Names of the products that left the cart because they are no longer on sale. */
export const selectNoLongerAvailable = (state: RootState) => state.cartCatalogue.noLongerAvailable;
