import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import {
  addItemToCart,
  chooseLineSize,
  clearItemFromCart,
  removeItemFromCart,
  restoreCartLines,
  type CartLineRef,
  type LineKey,
} from '#shared/cart.ts';
import type { Item } from '#shared/catalogue.ts';

/**
 * The cart (spec §3): the dropdown's state and the lines, references only (product, size,
 * quantity). What each product is called and costs is the catalogue's as it is now
 * (cart-catalogue-slice.ts, ADR 053), never kept here, so never in localStorage or the account.
 */
export interface CartState {
  hidden: boolean;
  cartItems: CartLineRef[];
}

/**
 * What "add" is given: the line's product and size, and the product as the page showing it has
 * it (a listing, a product page), which the cart then shows. An add made before the app ran has
 * the id only; the cart asks the catalogue for the rest.
 */
export type AddedItem = LineKey & Partial<Omit<Item, 'id'>>;

/** A product the catalogue has taken off sale, as `GET /api/catalogue/products` names it. */
export interface OffSale {
  id: number;
  /** Absent for an id the catalogue never had (a hand-edited cart). */
  name?: string | undefined;
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
    /**
     * The lines kept in this browser, read back once the page has hydrated (cart-storage.ts); the
     * dropdown starts closed, as a fresh page expects.
     */
    cartRestored(state, action: PayloadAction<CartLineRef[]>) {
      state.cartItems = action.payload;
      state.hidden = true;
    },
    /** One more of the item in `size` (none: a line without a size, chosen later). */
    itemAdded(state, action: PayloadAction<AddedItem>) {
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
    /**
     * The catalogue says these products are no longer on sale (archived since they were added):
     * their lines leave the cart, which names them (cart-catalogue-slice.ts); the rest stays.
     */
    linesNoLongerAvailable(state, action: PayloadAction<readonly OffSale[]>) {
      const gone = new Set(action.payload.map((product) => product.id));
      state.cartItems = state.cartItems.filter((line) => !gone.has(line.id));
    },
  },
});

export const {
  dropdownToggled,
  dropdownClosed,
  cartRestored,
  itemAdded,
  itemRemoved,
  lineCleared,
  lineSizeChosen,
  cartEmptied,
  cartClearedAtSignOut,
  accountCartSynced,
  linesNoLongerAvailable,
} = cartSlice.actions;
