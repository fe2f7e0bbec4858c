import { createSelector, createSlice } from '@reduxjs/toolkit';
import { COLLECTIONS, isCollectionId, type CollectionsMap } from '#shared/catalogue.ts';
import type { RootState } from '#client/app/store.ts';

export interface ShopState {
  collections: CollectionsMap;
}

const initialState: ShopState = { collections: COLLECTIONS };

export const shopSlice = createSlice({ name: 'shop', initialState, reducers: {} });

/** How many items a collection preview on the shop overview shows (spec §9). */
export const PREVIEW_ITEM_COUNT = 4;

export const selectCollections = (state: RootState) => state.shop.collections;

/** The collections as a list, in catalogue order, for the overview. */
export const selectCollectionsForPreview = createSelector([selectCollections], (collections) =>
  Object.values(collections),
);

/** One collection by its id (`hats`), or undefined for an id that is not in the shop. */
export const selectCollection = (state: RootState, collectionId: string) =>
  isCollectionId(collectionId) ? state.shop.collections[collectionId] : undefined;
