import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { Item } from '#shared/catalogue.ts';
import { collectionLoaded, collectionsLoaded } from '#client/features/shop/shop-slice.ts';
import { itemAdded, linesNoLongerAvailable, type AddedItem } from './cart-slice.ts';

/**
 * What the cart knows of the products of its lines, as the catalogue has them now (ADR 053). The
 * cart's lines are references only; this is where their names, pictures and prices come from.
 * Never stored: a page learns it from what the shop sent it (a listing, the item added) and from
 * `GET /api/catalogue/products?ids=` for the lines read back from storage or the account.
 */
export interface CartCatalogueState {
  /** A product's item by id: null when the shop says it is not on sale; absent while unknown. */
  products: Record<number, Item | null>;
  /** Names of products whose lines left the cart because they are no longer on sale. */
  noLongerAvailable: string[];
}

export const initialCartCatalogueState: CartCatalogueState = {
  products: {},
  noLongerAvailable: [],
};

const itemOf = ({ id, name, imageUrl, price }: Item): Item => ({ id, name, imageUrl, price });

const hasItem = (added: AddedItem): added is AddedItem & Item =>
  typeof added.name === 'string' &&
  typeof added.imageUrl === 'string' &&
  typeof added.price === 'number';

function refresh(state: CartCatalogueState, items: readonly Item[]) {
  for (const item of items) {
    if (Object.hasOwn(state.products, item.id)) state.products[item.id] = itemOf(item);
  }
}

export const cartCatalogueSlice = createSlice({
  name: 'cartCatalogue',
  initialState: initialCartCatalogueState,
  reducers: {
    /** The catalogue's answer for the products of the cart's lines: these are on sale, as now. */
    cartProductsLoaded(state, action: PayloadAction<readonly Item[]>) {
      for (const item of action.payload) state.products[item.id] = itemOf(item);
    },
    /**
     * What is known of products is dropped, so the cart asks the catalogue again (an order found
     * the total changed: a price moved since this page learnt it).
     */
    cartProductsForgotten(state) {
      state.products = {};
    },
  },
  extraReducers: (builder) => {
    builder
      // Their lines left the cart (cart-slice.ts); the cart says so, by name, for the page's life.
      .addCase(linesNoLongerAvailable, (state, action) => {
        for (const { id, name } of action.payload) {
          state.products[id] = null;
          if (name && !state.noLongerAvailable.includes(name)) state.noLongerAvailable.push(name);
        }
      })
      // A page's own product: the shop sent it with the page, as it is now.
      .addCase(itemAdded, (state, action) => {
        if (hasItem(action.payload)) state.products[action.payload.id] = itemOf(action.payload);
      })
      // A listing the shop just sent: newer word on the products the cart already knows.
      .addCase(collectionsLoaded, (state, action) => {
        for (const { items } of action.payload) refresh(state, items);
      })
      .addCase(collectionLoaded, (state, action) => refresh(state, action.payload.items));
  },
});

export const { cartProductsLoaded, cartProductsForgotten } = cartCatalogueSlice.actions;
