/**
 * Where this browser notes whose account its cart is kept with, so a later visit knows the cart is
 * an account's and which of its changes the account may not have. See docs/decisions/025, 050.
 */
export const ACCOUNT_CART_KEY = 'crwn:account-cart';
