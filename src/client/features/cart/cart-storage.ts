// See docs/decisions/055.
import { createSlice } from '@reduxjs/toolkit';
import { restoreCartLines, type CartLineRef } from '#shared/cart.ts';
import type { AppStore } from '#client/app/store.ts';
import { safeLocalStorage, type SyncStorage } from '#client/lib/safe-storage.ts';
import { cartRestored } from './cart-slice.ts';

/** Where this browser keeps its cart's lines: `{"version":1,"lines":[…]}`. */
export const CART_STORAGE_KEY = 'crwn:cart';
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
 * gives a sane cart.
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

/** Whether the stored cart has been read back yet. */
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
