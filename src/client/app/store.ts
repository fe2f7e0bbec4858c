import {
  combineReducers,
  configureStore,
  type Middleware,
  type StateFromReducersMapObject,
} from '@reduxjs/toolkit';
import {
  FLUSH,
  PAUSE,
  PERSIST,
  PURGE,
  REGISTER,
  REHYDRATE,
  persistReducer,
  type PersistConfig,
} from 'redux-persist';
import { cartSlice, restoreCartState } from '#client/features/cart/cart-slice.ts';
import { cartCatalogueSlice } from '#client/features/cart/cart-catalogue-slice.ts';
import { directorySlice } from '#client/features/directory/directory-slice.ts';
import { shopSlice } from '#client/features/shop/shop-slice.ts';
import { userSlice } from '#client/features/user/user-slice.ts';
import { lazy } from '#shared/lazy.ts';
import { promisedStorage, safeLocalStorage } from '#client/lib/safe-storage.ts';

const slices = {
  user: userSlice.reducer,
  cart: cartSlice.reducer,
  cartCatalogue: cartCatalogueSlice.reducer,
  directory: directorySlice.reducer,
  shop: shopSlice.reducer,
};

type SliceState = StateFromReducersMapObject<typeof slices>;

/**
 * Only the cart is kept, in localStorage under `persist:root`. The stored value is untrusted
 * (another version of the shop, or a hand edit), so instead of redux-persist's default merge,
 * which would copy any key it finds into the state, only the cart is taken back, and it is
 * rebuilt line by line as references (product, size, quantity). What the cart knows of its
 * products (`cartCatalogue`) is never kept: it is the catalogue's as it is now (ADR 053).
 * When the browser refuses storage the cart lives in memory for the page's life instead
 * (lib/safe-storage.ts, issue 9).
 */
export const persistConfig: PersistConfig<SliceState> = {
  key: 'root',
  storage: promisedStorage(safeLocalStorage),
  whitelist: ['cart'],
  timeout: 5000,
  stateReconciler: (inbound: unknown, _original, reduced) => ({
    ...reduced,
    cart: restoreCartState(
      typeof inbound === 'object' && inbound !== null && 'cart' in inbound
        ? inbound.cart
        : undefined,
    ),
  }),
};

/**
 * Made with the first store, not when this module is imported: combining the reducers runs each
 * one, and the first run of a slice's reducer deep-freezes its initial state (the whole
 * catalogue for the shop slice). In the browser that is then the work of the task that makes the
 * store (entry.client.tsx), not of the long one that evaluates every module of the page.
 */
const persistedReducer = lazy(() => persistReducer(persistConfig, combineReducers(slices)));

export type RootState = ReturnType<ReturnType<typeof persistedReducer>>;

/** A middleware given to the store after it is made (`store.addLateMiddleware`). */
export type LateMiddleware = Middleware<object, RootState>;

/**
 * A place in the chain for one middleware that arrives later: the cart's sync with the account
 * (features/cart/cart-sync.ts) is loaded only once a shopper is known, so its code stays out of
 * the first load (ADR 025). Until then, actions pass straight through.
 */
function lateMiddlewareSlot() {
  let handle: ((action: unknown) => unknown) | undefined;
  let install: ((late: LateMiddleware) => void) | undefined;
  const slot: Middleware<object, RootState> = (api) => (next) => {
    install = (late) => {
      handle = late(api)(next);
    };
    return (action) => (handle ? handle(action) : next(action));
  };
  return { slot, add: (late: LateMiddleware) => install?.(late) };
}

/** Builds a store; tests pass their own starting state. */
export function makeStore(preloadedState?: Partial<RootState>) {
  const late = lateMiddlewareSlot();
  const store = configureStore({
    reducer: persistedReducer(),
    preloadedState: preloadedState as RootState | undefined,
    middleware: (getDefaultMiddleware) =>
      getDefaultMiddleware({
        // redux-persist's own actions carry functions; they never reach our reducers.
        serializableCheck: { ignoredActions: [FLUSH, REHYDRATE, PAUSE, PERSIST, PURGE, REGISTER] },
      }).concat(late.slot),
  });
  return Object.assign(store, { addLateMiddleware: late.add });
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];
