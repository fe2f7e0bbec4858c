/**
 * Where this browser notes whose account its cart is kept with (the user id and the cart's
 * version last seen), so a later visit knows the cart is an account's (ADR 025). Read by the
 * first load to decide whether to load the sync at all; written only by cart-sync.ts.
 */
export const ACCOUNT_CART_KEY = 'crwn:account-cart';
