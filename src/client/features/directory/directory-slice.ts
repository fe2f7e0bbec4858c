import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { Section } from '#shared/catalogue.ts';
import type { CatalogueCollection } from '#shared/catalogue-model.ts';
import type { RootState } from '#client/app/store.ts';

export interface DirectoryState {
  sections: Section[];
}

/** What a home page tile needs of a collection. */
export type TileCollection = Pick<
  CatalogueCollection,
  'title' | 'routeName' | 'imageUrl' | 'size' | 'tilePosition'
>;

/**
 * The home directory's tiles from the catalogue's collections: in tile order (collections
 * without a tile position after, in catalogue order), each with its picture, its size and the
 * spec's relative link `shop/{title}` (the collection id, which is its title in lower case).
 */
export function sectionsOf(collections: readonly TileCollection[]): Section[] {
  const order = (collection: TileCollection) => collection.tilePosition ?? Number.MAX_SAFE_INTEGER;
  return [...collections]
    .sort((a, b) => order(a) - order(b))
    .map((collection, index) => ({
      id: index + 1,
      title: collection.title.toLowerCase(),
      imageUrl: collection.imageUrl,
      linkUrl: `shop/${collection.routeName}`,
      ...(collection.size ? { size: collection.size } : {}),
    }));
}

const initialState: DirectoryState = { sections: [] };

export const directorySlice = createSlice({
  name: 'directory',
  initialState,
  reducers: {
    /** The tiles the home page's loader made of the collections (sectionsOf). */
    directoryLoaded(state, action: PayloadAction<Section[]>) {
      state.sections = action.payload;
    },
  },
});

export const { directoryLoaded } = directorySlice.actions;

export const selectDirectorySections = (state: RootState) => state.directory.sections;
