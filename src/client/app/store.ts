import {
  combineReducers,
  configureStore,
  createAction,
  createDynamicMiddleware,
  type Middleware,
} from '@reduxjs/toolkit';
import { cartSlice } from '#client/features/cart/cart-slice.ts';
import { cartCatalogueSlice } from '#client/features/cart/cart-catalogue-slice.ts';
import { cartStorageSlice } from '#client/features/cart/cart-storage.ts';
import { directorySlice } from '#client/features/directory/directory-slice.ts';
import { shopSlice } from '#client/features/shop/shop-slice.ts';
import { userSlice } from '#client/features/user/user-slice.ts';
import { lazy } from '#shared/lazy.ts';

/**
 * Made with the first store, not when this module is imported: combining the reducers runs each
 * one, and the first run of a slice's reducer deep-freezes its initial state (the whole
 * catalogue for the shop slice). In the browser that is then the work of the task that makes the
 * store (entry.client.tsx), not of the long one that evaluates every module of the page.
 */
const rootReducer = lazy(() =>
  combineReducers({
    user: userSlice.reducer,
    cart: cartSlice.reducer,
    cartCatalogue: cartCatalogueSlice.reducer,
    cartStorage: cartStorageSlice.reducer,
    directory: directorySlice.reducer,
    shop: shopSlice.reducer,
  }),
);

export type RootState = ReturnType<ReturnType<typeof rootReducer>>;

/** A middleware given to the store after it is made (`store.addLateMiddleware`). */
export type LateMiddleware = Middleware<object, RootState>;

/**
 * createDynamicMiddleware applies a middleware it is given at the next action; this one is that
 * action, so a middleware starts its work (the sync reads the session) as soon as it is added.
 */
const lateMiddlewareAdded = createAction('app/lateMiddlewareAdded');

/**
 * Builds a store; tests pass their own starting state. Only the cart's lines are kept in the
 * browser (features/cart/cart-storage.ts, ADR 055). `addLateMiddleware` adds a middleware once
 * the store exists: the cart's sync with the account is loaded only once a shopper is known, so
 * its code stays out of the first load (ADR 025).
 */
export function makeStore(preloadedState?: Partial<RootState>) {
  const late = createDynamicMiddleware<RootState>();
  const store = configureStore({
    reducer: rootReducer(),
    preloadedState,
    middleware: (getDefaultMiddleware) => getDefaultMiddleware().concat(late.middleware),
  });
  return Object.assign(store, {
    addLateMiddleware: (middleware: LateMiddleware) => {
      late.addMiddleware(middleware);
      store.dispatch(lateMiddlewareAdded());
    },
  });
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];
