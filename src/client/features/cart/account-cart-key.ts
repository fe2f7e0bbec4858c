/**
 * Where this browser notes whose account its cart is kept with (the user id, the cart's version
 * and lines last seen, and writes not answered yet), so a later visit knows the cart is an
 * account's and which of its changes the account may not have (ADR 025, 050). Read by the
 * first load to decide whether to load the sync at all; written only by cart-sync.ts.
 */
export const ACCOUNT_CART_KEY = 'crwn:account-cart';
