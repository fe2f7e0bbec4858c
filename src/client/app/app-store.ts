import { itemAdded } from '#client/features/cart/cart-slice.ts';
import { selectCartKnown } from '#client/features/cart/cart-selectors.ts';
import { ACCOUNT_CART_KEY } from '#client/features/cart/account-cart-key.ts';
import { keepCartStored } from '#client/features/cart/cart-storage.ts';
import { takeEarlyAdds } from '#client/features/cart/early-adds.ts';
import { safeLocalStorage } from '#client/lib/safe-storage.ts';
import { makeStore, type AppStore } from './store.ts';

let browserStore: AppStore | undefined;
let started = false;

/**
 * The store for this page. The browser keeps one for the page's life; the prerender builds a
 * fresh one for every page it renders so nothing leaks between pages.
 */
export function getAppStore(): AppStore {
  if (typeof window === 'undefined') return makeStore();
  browserStore ??= makeStore();
  return browserStore;
}

/**
 * Reads the stored cart back and keeps it stored. Called after hydration, never before: the
 * prerendered HTML was made with an empty cart, and React must first see that same state (a
 * restored cart during hydration is a hydration mismatch, React error #418).
 */
export function startCartPersistence(store: AppStore): void {
  if (started) return;
  started = true;
  keepCartStored(store);
  // Taps on "Add to cart" before the app ran, added on top of the cart just read back (their
  // products are then asked for, with those of the lines read back).
  for (const id of takeEarlyAdds()) store.dispatch(itemAdded({ id }));
  startCartProducts(store);
  startAccountCart(store);
}

/**
 * Loads what asks the catalogue for the products of the cart's lines (features/cart/
 * cart-products.ts, ADR 053) once a line's product is not known: the lines read back, an add made
 * before the app ran. A cart filled on this page from its listings never needs it, so it stays
 * out of the first load.
 */
function startCartProducts(store: AppStore): void {
  let started = false;
  const check = () => {
    if (started || selectCartKnown(store.getState())) return;
    started = true;
    stop();
    import('#client/features/cart/cart-products.ts')
      .then(({ followCartProducts }) => followCartProducts(store))
      .catch((error: unknown) => console.error('Could not load the cart’s products', error));
  };
  const stop = store.subscribe(check);
  check();
}

/**
 * Loads the sync of the cart with the shopper's account (features/cart/cart-sync.ts, ADR 025)
 * once the stored cart is back and the auth state known, and only when it has work: a shopper is
 * signed in, or this browser's cart was an account's (to empty it when the session is gone).
 * Anonymous visits never download it.
 */
function startAccountCart(store: AppStore): void {
  let started = false;
  const check = () => {
    const { user } = store.getState();
    if (started || !user.authResolved) return;
    if (!user.currentUser && safeLocalStorage.getItem(ACCOUNT_CART_KEY) === null) return;
    started = true;
    stop();
    import('#client/features/cart/cart-sync.ts')
      .then(({ cartSync }) => store.addLateMiddleware(cartSync()))
      .catch((error: unknown) => console.error('Could not load the cart sync', error));
  };
  const stop = store.subscribe(check);
  check();
}
