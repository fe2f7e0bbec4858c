import { createSelector, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { Item } from '#shared/catalogue.ts';
import type { CatalogueCollection } from '#shared/catalogue-model.ts';
import type { RootState } from '#client/app/store.ts';

/** A collection as the shop state holds it (spec §3): its items are those the shopper was sent. */
export interface ShopCollection extends Pick<CatalogueCollection, 'id' | 'title' | 'routeName'> {
  items: Item[];
}

export interface ShopState {
  /** Keyed by collection id (`hats`), in catalogue order; filled from the pages' loaders. */
  collections: Record<string, ShopCollection>;
}

const initialState: ShopState = { collections: {} };

export const shopSlice = createSlice({
  name: 'shop',
  initialState,
  reducers: {
    /** Every collection, as the shop overview's loader read them: replaces what was held. */
    collectionsLoaded(state, action: PayloadAction<ShopCollection[]>) {
      state.collections = Object.fromEntries(
        action.payload.map((collection) => [collection.routeName, collection]),
      );
    },
    /** One collection, as its page's loader read it. */
    collectionLoaded(state, action: PayloadAction<ShopCollection>) {
      state.collections[action.payload.routeName] = action.payload;
    },
  },
});

export const { collectionsLoaded, collectionLoaded } = shopSlice.actions;

/** How many items a collection preview on the shop overview shows (spec §9). */
export const PREVIEW_ITEM_COUNT = 4;

export const selectCollections = (state: RootState) => state.shop.collections;

/** The collections as a list, in catalogue order, for the overview. */
export const selectCollectionsForPreview = createSelector([selectCollections], (collections) =>
  Object.values(collections),
);

/** One collection by its id (`hats`), or undefined for one the shop has not loaded or has not. */
export const selectCollection = (state: RootState, collectionId: string) =>
  Object.hasOwn(state.shop.collections, collectionId)
    ? state.shop.collections[collectionId]
    : undefined;
