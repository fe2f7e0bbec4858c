import type { ClientLoaderFunctionArgs, UIMatch } from 'react-router';
import {
  collectionLoaded,
  collectionsLoaded,
  type ShopCollection,
} from '#client/features/shop/shop-slice.ts';
import type { Section } from '#shared/catalogue.ts';
import { directoryLoaded } from '#client/features/directory/directory-slice.ts';
import { getAppStore } from './app-store.ts';
import type { AppDispatch } from './store.ts';

/**
 * What a catalogue route's loader puts into the store (spec §3's directory and shop slices), under
 * `store` in its data. Pages read the catalogue from the store, so it must be there before the
 * route renders: on the server and at hydration the root puts it there from the matches' data
 * (`storeLoadsOf`), on a client navigation the route's `clientLoader` (`loadIntoStore`).
 */
export interface StoreLoad {
  /** The home page's tiles, made on the server (sectionsOf), so the browser never loads that code. */
  sections?: Section[];
  /** Every collection (the shop overview): replaces the shop slice's collections. */
  collections?: ShopCollection[];
  /** One collection (its page). */
  collection?: ShopCollection;
}

/** Dispatches what one loader read. */
export function fillStore(dispatch: AppDispatch, load: StoreLoad | undefined): void {
  if (!load) return;
  if (load.sections) dispatch(directoryLoaded(load.sections));
  if (load.collections) dispatch(collectionsLoaded(load.collections));
  if (load.collection) dispatch(collectionLoaded(load.collection));
}

const hasStoreLoad = (data: unknown): data is { store: StoreLoad } =>
  typeof data === 'object' && data !== null && 'store' in data;

/** The store loads of the matched routes' data, root first. */
export function storeLoadsOf(matches: readonly UIMatch[]): StoreLoad[] {
  return matches.flatMap((match) =>
    hasStoreLoad(match.loaderData) ? [match.loaderData.store] : [],
  );
}

/**
 * A catalogue route's `clientLoader`: on a navigation in the browser it fetches the route's data
 * from the server (its `loader`, as a `.data` request) and fills the store before the route
 * renders. Not run at hydration: the root fills the store from the server's data then.
 */
export async function loadIntoStore<T>({ serverLoader }: ClientLoaderFunctionArgs): Promise<T> {
  const data = (await serverLoader()) as T;
  if (hasStoreLoad(data)) fillStore(getAppStore().dispatch, data.store);
  return data;
}
