import { EventEmitter } from 'node:events';
import type {
  CatalogueCollection,
  CatalogueReader,
  ListQuery,
  Product,
  ProductList,
} from '#shared/catalogue-model.ts';
import type { Notifications } from '#server/platform/notifications.ts';
import { inWriteTransaction, type Db } from '#server/platform/database/transaction.ts';
import {
  catalogueRepository,
  type CatalogueSnapshot,
  type CollectionInput,
  type ProductInput,
  type StockLine,
  type StoredCollection,
} from './catalogue-repository.ts';
import { listProducts } from './catalogue-listing.ts';
import { buildSearchIndex, type SearchIndex } from './catalogue-search.ts';
import { specCatalogue } from './seed-catalogue.ts';

export type { CollectionInput, ProductInput, StockLine } from './catalogue-repository.ts';
export { MAX_SEARCH_LENGTH } from './catalogue-search.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The catalogue as it is now (ADR 034), for the pages' loaders and the API. */
    catalogue: CatalogueReader;
    /**
     * Calls `listener` with the new version after every change to the catalogue, made on any
     * server (a page cache drops its pages); returns the unsubscribe.
     */
    onCatalogueChange: (listener: (version: number) => void) => () => void;
  }
}

/** The notification channel every change to the catalogue is published on (payload: version). */
export const CATALOGUE_CHANNEL = 'catalogue';

/** How long a server trusts its copy before asking the database for the version again. */
const DEFAULT_CHECK_EVERY_MS = 1000;

/** A snapshot with the lookups every read needs, and its search index once searched. */
interface Loaded {
  snapshot: CatalogueSnapshot;
  byCollection: Map<string, Product[]>;
  byId: Map<number, Product>;
  collectionsByRoute: Map<string, StoredCollection>;
  search(): SearchIndex;
}

function loadedOf(snapshot: CatalogueSnapshot): Loaded {
  const byCollection = new Map<string, Product[]>(
    snapshot.collections.map((collection) => [collection.routeName, []]),
  );
  for (const product of snapshot.products) byCollection.get(product.collection)?.push(product);
  let index: SearchIndex | undefined;
  return {
    snapshot,
    byCollection,
    byId: new Map(snapshot.products.map((product) => [product.id, product])),
    collectionsByRoute: new Map(
      snapshot.collections.map((collection) => [collection.routeName, collection]),
    ),
    // Built on the first search of each version: collection pages never pay for it.
    search: () =>
      (index ??= buildSearchIndex(
        snapshot.products,
        new Map(snapshot.collections.map((collection) => [collection.routeName, collection.title])),
      )),
  };
}

/** The contract's collection: its fields without the reader's own positions. */
function publicCollection({
  position: _position,
  tilePosition,
  ...collection
}: StoredCollection): Omit<CatalogueCollection, 'items'> {
  return { ...collection, tilePosition };
}

export interface CatalogueReaderOptions {
  /** Changes published by any server (this one too) drop the copy at once. */
  notifications?: Notifications;
  /**
   * The copy is trusted this long before the version is read again: the bound on staleness when
   * a notification is missed (an import run on SQLite by another process). Default 1 s.
   */
  checkEveryMs?: number;
}

/**
 * The catalogue over the shop's database (ADR 034). It keeps the whole catalogue on sale in
 * memory, under the version it was read at, and reads it again when that version is no longer
 * the database's: at once when a change is published on `catalogue`, and at the latest
 * `checkEveryMs` after one it was not told of. Sorting, filtering, facets and search run on
 * that copy, the same on SQLite and PostgreSQL.
 */
export function createCatalogueReader(db: Db, options: CatalogueReaderOptions = {}) {
  const checkEveryMs = options.checkEveryMs ?? DEFAULT_CHECK_EVERY_MS;
  const changes = new EventEmitter().setMaxListeners(0);
  let loaded: { value: Loaded; checkedAt: number } | undefined;
  let loading: Promise<Loaded> | undefined;
  // Raised whenever the copy is dropped, so a read begun before does not put an old copy back.
  let generation = 0;

  const announce = (version: number) => changes.emit('change', version);

  const drop = () => {
    generation += 1;
    loaded = undefined;
    loading = undefined;
  };

  const unsubscribes = options.notifications
    ? [
        options.notifications.subscribe(CATALOGUE_CHANNEL, (payload) => {
          drop();
          announce(Number(payload) || 0);
        }),
        // Notifications sent while the connection was down are lost: read again.
        options.notifications.onResume(drop),
      ]
    : [];

  const current = (): Promise<Loaded> => {
    if (loaded && Date.now() - loaded.checkedAt < checkEveryMs) {
      return Promise.resolve(loaded.value);
    }
    if (loading) return loading;
    const started = generation;
    const previous = loaded;
    const read = (async () => {
      if (previous) {
        const version = await catalogueRepository.version(db);
        if (version === previous.value.snapshot.version) {
          if (started === generation) loaded = { value: previous.value, checkedAt: Date.now() };
          return previous.value;
        }
      }
      const value = loadedOf(await catalogueRepository.snapshot(db));
      if (started === generation) {
        loaded = { value, checkedAt: Date.now() };
        // A change nobody announced (another process on SQLite): tell the listeners now.
        if (previous && previous.value.snapshot.version !== value.snapshot.version) {
          announce(value.snapshot.version);
        }
      }
      return value;
    })();
    loading = read;
    const clear = () => {
      if (loading === read) loading = undefined;
    };
    read.then(clear, clear);
    return read;
  };

  const reader: CatalogueReader = {
    version: async () => (await current()).snapshot.version,

    async collections() {
      const { snapshot, byCollection } = await current();
      return snapshot.collections.map((collection) => ({
        ...publicCollection(collection),
        items: byCollection.get(collection.routeName) ?? [],
      }));
    },

    async collection(routeName: string, query: ListQuery) {
      const { collectionsByRoute, byCollection } = await current();
      const collection = collectionsByRoute.get(routeName);
      if (!collection) return undefined;
      return {
        collection: publicCollection(collection),
        list: listProducts(byCollection.get(routeName) ?? [], query),
      };
    },

    async product(id: number) {
      return (await current()).byId.get(id);
    },

    async products(ids: readonly number[]) {
      const { byId } = await current();
      return [...new Set(ids)].flatMap((id) => byId.get(id) ?? []);
    },

    async search(text: string, query: ListQuery): Promise<ProductList> {
      const found = (await current()).search().search(text);
      return listProducts(found, query);
    },
  };

  return {
    ...reader,
    /** Calls `listener` with the new version whenever the catalogue changed; returns the unsubscribe. */
    onChange: (listener: (version: number) => void): (() => void) => {
      changes.on('change', listener);
      return () => changes.off('change', listener);
    },
    close: () => {
      for (const unsubscribe of unsubscribes) unsubscribe();
      changes.removeAllListeners();
    },
  };
}

export type CatalogueReaderService = ReturnType<typeof createCatalogueReader>;

/** The writes of one change: every one of them commits together, or none does. */
export interface CatalogueWriter {
  upsertCollections(collections: readonly CollectionInput[]): Promise<void>;
  upsertProducts(products: readonly ProductInput[]): Promise<void>;
  setStock(productId: number, size: string, stock: number): Promise<boolean>;
  /** Takes products off sale; returns how many were on sale. */
  archive(ids: readonly number[]): Promise<number>;
  /** Ids of every product on sale, as this change sees them. */
  productIdsOnSale(): Promise<number[]>;
}

const writerOf = (trx: Db): CatalogueWriter => ({
  upsertCollections: (collections) => catalogueRepository.upsertCollections(trx, collections),
  upsertProducts: (products) => catalogueRepository.upsertProducts(trx, products),
  setStock: (productId, size, stock) => catalogueRepository.setStock(trx, productId, size, stock),
  archive: (ids) => catalogueRepository.archive(trx, ids),
  productIdsOnSale: () => catalogueRepository.productIdsOnSale(trx),
});

/** One transaction's scope for catalogue writers (transaction.ts). */
const CATALOGUE_SCOPE = 'catalogue';

/**
 * Seeds the spec's catalogue (35 items with sizes and stock) into an empty catalogue, and does
 * nothing to one that has any collection: an owner's own catalogue is never overwritten. Call
 * it inside the migration lock, so servers starting together seed once.
 */
export async function seedCatalogue(db: Db): Promise<boolean> {
  return inWriteTransaction(db, [CATALOGUE_SCOPE], async (trx) => {
    if (!(await catalogueRepository.isEmpty(trx))) return { commit: false, result: false };
    const { collections, products } = specCatalogue();
    await catalogueRepository.upsertCollections(trx, collections);
    await catalogueRepository.upsertProducts(trx, products);
    await catalogueRepository.raiseVersion(trx);
    return { commit: true, result: true };
  });
}

export interface CatalogueServiceOptions {
  db: Db;
  notifications?: Notifications;
  checkEveryMs?: number;
}

/**
 * The catalogue module's service: the reader the pages and the API use, and the writes the
 * import command and the back office make. Every write raises the version and is published on
 * `catalogue`, so every server drops its copy within moments.
 */
export function createCatalogueService({
  db,
  notifications,
  checkEveryMs,
}: CatalogueServiceOptions) {
  const reader = createCatalogueReader(db, { notifications, checkEveryMs });

  const publish = async (version: number) => {
    await notifications?.publish(CATALOGUE_CHANNEL, String(version));
  };

  return {
    reader,
    /** Calls `listener` with the new version after every change, from any server. */
    onCatalogueChange: reader.onChange,

    /**
     * Runs `work` as one change: its writes commit together with a raised version, or (when it
     * throws) not at all. Resolves with its result and the new version once published.
     */
    async change<T>(work: (writer: CatalogueWriter) => Promise<T>) {
      const outcome = await inWriteTransaction(db, [CATALOGUE_SCOPE], async (trx) => {
        const result = await work(writerOf(trx));
        const version = await catalogueRepository.raiseVersion(trx);
        return { commit: true, result: { result, version } };
      });
      await publish(outcome.version);
      return outcome;
    },

    /**
     * For the order transaction (H4, issue 13): takes each line's quantity from its size's stock
     * in `trx`, only where enough is left. Returns the lines that are short; when any are, the
     * caller must roll back. When none are, the version is raised in `trx`; call
     * `stockChanged()` after the commit so other servers show the new stock at once.
     */
    async takeStock(trx: Db, lines: readonly StockLine[]): Promise<StockLine[]> {
      const short = await catalogueRepository.takeStock(trx, lines);
      if (short.length === 0 && lines.length > 0) await catalogueRepository.raiseVersion(trx);
      return short;
    },

    /**
     * How many of each line's product size are left, read in `trx` (H4, issue 13: the 409 of an
     * order names what a short line can still have). Added by the cart-sizes branch.
     */
    stockLevels: (trx: Db, lines: readonly Omit<StockLine, 'quantity'>[]): Promise<number[]> =>
      catalogueRepository.stockLevels(trx, lines),

    /** Puts the lines' quantities back in `trx` and raises the version; then `stockChanged()`. */
    async returnStock(trx: Db, lines: readonly StockLine[]): Promise<void> {
      await catalogueRepository.returnStock(trx, lines);
      await catalogueRepository.raiseVersion(trx);
    },

    /** Tells every server that stock changed (after takeStock or returnStock committed). */
    async stockChanged(): Promise<void> {
      await publish(await catalogueRepository.version(db));
    },

    close: () => reader.close(),
  };
}

export type CatalogueService = ReturnType<typeof createCatalogueService>;
