import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import {
  addItemToCart,
  chooseLineSize,
  clearItemFromCart,
  removeItemFromCart,
  restoreCartLines,
  type CartItem,
  type LineKey,
} from '#shared/cart.ts';
import type { CartLineRef } from '#shared/carts.ts';
import type { Item } from '#shared/catalogue.ts';

export interface CartState {
  hidden: boolean;
  cartItems: CartItem[];
}

export const initialCartState: CartState = { hidden: true, cartItems: [] };

export const cartSlice = createSlice({
  name: 'cart',
  initialState: initialCartState,
  reducers: {
    dropdownToggled(state) {
      state.hidden = !state.hidden;
    },
    dropdownClosed(state) {
      state.hidden = true;
    },
    /** One more of the item in `size` (none: a line without a size, chosen later). */
    itemAdded(state, action: PayloadAction<Item & { size?: string | undefined }>) {
      state.cartItems = addItemToCart(state.cartItems, action.payload);
    },
    itemRemoved(state, action: PayloadAction<LineKey>) {
      state.cartItems = removeItemFromCart(state.cartItems, action.payload);
    },
    lineCleared(state, action: PayloadAction<LineKey>) {
      state.cartItems = clearItemFromCart(state.cartItems, action.payload);
    },
    /** The shopper chose `chosen` for the line `line` (chooseLineSize: it may merge two lines). */
    lineSizeChosen(state, action: PayloadAction<{ line: LineKey; chosen: string }>) {
      state.cartItems = chooseLineSize(state.cartItems, action.payload.line, action.payload.chosen);
    },
    /** The order was paid: the cart starts empty again. */
    cartEmptied(state) {
      state.cartItems = [];
      state.hidden = true;
    },
    /**
     * The shopper signed out (here or in another tab): the next person at this computer must not
     * see their cart. The account keeps its copy (ADR 025).
     */
    cartClearedAtSignOut(state) {
      state.cartItems = [];
      state.hidden = true;
    },
    /**
     * The signed-in shopper's cart as kept with their account, merged with this browser's. Only
     * ids, sizes and quantities are taken: names, pictures and prices come from the catalogue.
     */
    accountCartSynced(state, action: PayloadAction<readonly CartLineRef[]>) {
      state.cartItems = restoreCartLines(action.payload);
    },
  },
});

export const {
  dropdownToggled,
  dropdownClosed,
  itemAdded,
  itemRemoved,
  lineCleared,
  lineSizeChosen,
  cartEmptied,
  cartClearedAtSignOut,
  accountCartSynced,
} = cartSlice.actions;

/**
 * The cart as restored from storage: lines rebuilt from the catalogue (so a corrupt or
 * hand-edited value gives a sane cart), and the dropdown closed, as a fresh page expects.
 */
export function restoreCartState(persisted: unknown): CartState {
  const cartItems =
    typeof persisted === 'object' && persisted !== null && 'cartItems' in persisted
      ? restoreCartLines(persisted.cartItems)
      : [];
  return { hidden: true, cartItems };
}
