import { createSlice } from '@reduxjs/toolkit';
import { restoreCartLines, type CartLineRef } from '#shared/cart.ts';
import type { AppStore } from '#client/app/store.ts';
import { safeLocalStorage, type SyncStorage } from '#client/lib/safe-storage.ts';
import { cartRestored } from './cart-slice.ts';

/** Where this browser keeps its cart's lines: `{"version":1,"lines":[…]}` (ADR 055). */
export const CART_STORAGE_KEY = 'crwn:cart';
/** Where redux-persist kept it until ADR 055; read once, moved to CART_STORAGE_KEY, removed. */
export const OLD_CART_STORAGE_KEY = 'persist:root';

const parse = (text: string): unknown => {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
};

const field = (value: unknown, name: string): unknown =>
  typeof value === 'object' && value !== null && name in value
    ? (value as Record<string, unknown>)[name]
    : undefined;

/** Writes the cart's lines to this browser's storage. */
export function writeStoredCart(
  lines: readonly CartLineRef[],
  storage: SyncStorage = safeLocalStorage,
): void {
  storage.setItem(CART_STORAGE_KEY, JSON.stringify({ version: 1, lines }));
}

/**
 * The lines kept in this browser, rebuilt as references: a corrupt, hand-edited or older value
 * (lines that still carried names and prices) gives a sane cart. A cart that redux-persist kept
 * (each slice as JSON inside JSON under `persist:root`) is moved to the new key on first read.
 */
export function readStoredCart(storage: SyncStorage = safeLocalStorage): CartLineRef[] {
  const stored = storage.getItem(CART_STORAGE_KEY);
  if (stored !== null) return restoreCartLines(field(parse(stored), 'lines'));
  const old = storage.getItem(OLD_CART_STORAGE_KEY);
  if (old === null) return [];
  const oldCart = field(parse(old), 'cart');
  const lines = restoreCartLines(
    field(typeof oldCart === 'string' ? parse(oldCart) : undefined, 'cartItems'),
  );
  writeStoredCart(lines, storage);
  storage.removeItem(OLD_CART_STORAGE_KEY);
  return lines;
}

/**
 * Reads the stored cart into `store`, then writes its lines back each time they change here.
 * Only a change made on this page is written, never the lines just read: a tab left open must
 * not overwrite what another tab saved since. Writes are synchronous (localStorage is), so a
 * shopper who adds an item and leaves at once keeps it.
 */
export function keepCartStored(store: AppStore, storage: SyncStorage = safeLocalStorage): void {
  store.dispatch(cartRestored(readStoredCart(storage)));
  let written = store.getState().cart.cartItems;
  store.subscribe(() => {
    const lines = store.getState().cart.cartItems;
    if (lines === written) return;
    written = lines;
    writeStoredCart(lines, storage);
  });
}

/**
 * Whether the stored cart has been read back yet. The prerendered HTML has an empty cart, so
 * what depends on the cart waits for this (cart-selectors.ts).
 */
export const cartStorageSlice = createSlice({
  name: 'cartStorage',
  initialState: { restored: false },
  reducers: {},
  extraReducers: (builder) => {
    builder.addCase(cartRestored, (state) => {
      state.restored = true;
    });
  },
});
