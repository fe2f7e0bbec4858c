// See docs/decisions/025, 053.
import { itemAdded } from '#client/features/cart/cart-slice.ts';
import { selectCartKnown } from '#client/features/cart/cart-selectors.ts';
import { ACCOUNT_CART_KEY } from '#client/features/cart/account-cart-key.ts';
import { keepCartStored } from '#client/features/cart/cart-storage.ts';
import { takeEarlyAdds } from '#client/features/cart/early-adds.ts';
import { safeLocalStorage } from '#client/lib/safe-storage.ts';
import { makeStore, type AppStore } from './store.ts';

let browserStore: AppStore | undefined;
let started = false;

export function getAppStore(): AppStore {
  if (typeof window === 'undefined') return makeStore();
  browserStore ??= makeStore();
  return browserStore;
}

/** Reads the stored cart back and keeps it stored. */
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
 * Loads what asks the catalogue for the products of the cart's lines once a line's product is not
 * known: the lines read back, an add made before the app ran.
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
 * Loads the sync of the cart with the shopper's account once the stored cart is back and the auth
 * state known, and only when it has work: a shopper is signed in.
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
