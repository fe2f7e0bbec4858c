import { LRUCache } from 'lru-cache';
import type {
  CatalogueCollection,
  CatalogueReader,
  ListQuery,
  Product,
  ProductList,
} from '#shared/catalogue-model.ts';
import type { Notifications } from '#server/platform/notifications.ts';
import { inWriteTransaction, type Db } from '#server/platform/database/transaction.ts';
import { createVersionedCopy } from '#server/platform/versioned-copy.ts';
import {
  catalogueRepository,
  type CatalogueSnapshot,
  type CollectionInput,
  type ProductInput,
  type StockLine,
  type StoredCollection,
  type StoredProduct,
} from './catalogue-repository.ts';
import { createCatalogueAdmin } from './catalogue-admin.ts';
import { createListing, type Listing } from './catalogue-listing.ts';
import { buildSearchIndex, type SearchIndex } from './catalogue-search.ts';
import { specCatalogue } from './seed-catalogue.ts';

export type { CollectionInput, ProductInput, StockLine } from './catalogue-repository.ts';
export { MAX_SEARCH_LENGTH } from './catalogue-search.ts';
export type {
  CatalogueAdmin,
  CollectionOrder,
  CollectionPatch,
  Outcome,
  ProductPatch,
} from './catalogue-admin.ts';
export type { AdminProductFilter } from './catalogue-admin-repository.ts';

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

/** Search texts whose results each copy keeps (the most recent), so a popular search is reused. */
const SEARCHES_KEPT = 256;

/** A snapshot with the lookups every read needs, its listings, and its search index once searched. */
interface Loaded {
  snapshot: CatalogueSnapshot;
  byCollection: Map<string, Product[]>;
  byId: Map<number, Product>;
  collectionsByRoute: Map<string, StoredCollection>;
  listing(routeName: string): Listing;
  searchListing(text: string): Listing;
  /** The search index, if built. */
  index(): SearchIndex | undefined;
}

/**
 * The lookups of `snapshot`. `index`, when given, is a search index still true of it (the words
 * of every product on sale unchanged): a change of stock or price does not rebuild it.
 */
function loadedOf(snapshot: CatalogueSnapshot, index?: SearchIndex): Loaded {
  const byCollection = new Map<string, Product[]>(
    snapshot.collections.map((collection) => [collection.routeName, []]),
  );
  for (const product of snapshot.products) byCollection.get(product.collection)?.push(product);
  const byId = new Map(snapshot.products.map((product) => [product.id, product]));
  const listings = new Map<string, Listing>();
  const searches = new LRUCache<string, Listing>({ max: SEARCHES_KEPT });
  return {
    snapshot,
    byCollection,
    byId,
    collectionsByRoute: new Map(
      snapshot.collections.map((collection) => [collection.routeName, collection]),
    ),
    listing(routeName) {
      let listing = listings.get(routeName);
      if (!listing)
        listings.set(routeName, (listing = createListing(byCollection.get(routeName) ?? [])));
      return listing;
    },
    searchListing(text) {
      const key = text.toLowerCase().replace(/\s+/g, ' ');
      let listing = searches.get(key);
      if (!listing) {
        // Built on the first search: collection pages never pay for it.
        index ??= buildSearchIndex(
          snapshot.products,
          new Map(
            snapshot.collections.map((collection) => [collection.routeName, collection.title]),
          ),
        );
        listing = createListing(index.search(key, byId));
        searches.set(key, listing);
      }
      return listing;
    },
    index: () => index,
  };
}

const sameWords = (a: Product, b: Product) =>
  a.name === b.name &&
  a.description === b.description &&
  a.colour === b.colour &&
  a.collection === b.collection;

/**
 * `previous` with `changed` (products re-read after a small change) put in, at `version`; or
 * undefined when the change moved a product (another collection or place, or newly on sale),
 * which only a full read puts in the right order.
 */
function patched(
  previous: Loaded,
  version: number,
  changed: readonly StoredProduct[],
): Loaded | undefined {
  const replace = new Map<number, Product | undefined>();
  let wordsKept = true;
  for (const { product, archived, position } of changed) {
    const old = previous.byId.get(product.id);
    if (archived) {
      if (old) replace.set(product.id, undefined);
      continue;
    }
    if (
      !old ||
      old.collection !== product.collection ||
      previous.snapshot.positions.get(product.id) !== position
    ) {
      return undefined;
    }
    if (!sameWords(old, product)) wordsKept = false;
    replace.set(product.id, product);
  }
  const { snapshot } = previous;
  const products = snapshot.products.flatMap((product) =>
    replace.has(product.id) ? (replace.get(product.id) ?? []) : [product],
  );
  return loadedOf({ ...snapshot, version, products }, wordsKept ? previous.index() : undefined);
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
  /** The catalogue at `version`, from `previous` and what changed since when that is small. */
  const refresh = async (previous: Loaded | undefined): Promise<Loaded> => {
    if (previous) {
      const version = await catalogueRepository.version(db);
      if (version === previous.snapshot.version) return previous;
      const ids = await catalogueRepository.changedSince(db, previous.snapshot.version, version);
      if (ids) {
        const next = patched(previous, version, await catalogueRepository.productsByIds(db, ids));
        if (next) return next;
      }
    }
    return loadedOf(await catalogueRepository.snapshot(db));
  };
  const copy = createVersionedCopy<Loaded>({
    channel: CATALOGUE_CHANNEL,
    notifications: options.notifications,
    checkEveryMs: options.checkEveryMs ?? DEFAULT_CHECK_EVERY_MS,
    versionOf: (loaded) => loaded.snapshot.version,
    read: refresh,
  });
  const { current } = copy;

  const reader: CatalogueReader = {
    version: async () => (await current()).snapshot.version,

    async collections() {
      const { snapshot, byCollection } = await current();
      return snapshot.collections.map((collection) => ({
        ...publicCollection(collection),
        // A copy: the copy's own lists must not change under another reader.
        items: [...(byCollection.get(collection.routeName) ?? [])],
      }));
    },

    async collection(routeName: string, query: ListQuery) {
      const loaded = await current();
      const collection = loaded.collectionsByRoute.get(routeName);
      if (!collection) return undefined;
      return {
        collection: publicCollection(collection),
        list: loaded.listing(routeName).page(query),
      };
    },

    async product(id: number) {
      return (await current()).byId.get(id);
    },

    async products(ids: readonly number[]) {
      const { byId } = await current();
      return [...new Set(ids)].flatMap((id) => byId.get(id) ?? []);
    },

    async offSale(ids: readonly number[]) {
      const { byId } = await current();
      const missing = [...new Set(ids)].filter((id) => !byId.has(id));
      if (missing.length === 0) return [];
      // Archived products are not in the copy (it holds what is on sale): read them, rarely.
      const stored = await catalogueRepository.productsByIds(db, missing);
      return stored.flatMap(({ product, archived }) =>
        archived ? [{ id: product.id, name: product.name }] : [],
      );
    },

    async search(text: string, query: ListQuery): Promise<ProductList> {
      return (await current()).searchListing(text.trim()).page(query);
    },
  };

  /**
   * The current address of a collection that `routeName` was a former address of (renamed in
   * the back office, ADR 045), or undefined. A collection's own address never counts as former.
   */
  const movedCollection = async (routeName: string): Promise<string | undefined> => {
    const { snapshot, collectionsByRoute } = await current();
    if (collectionsByRoute.has(routeName)) return undefined;
    return snapshot.aliases.get(routeName);
  };

  return {
    ...reader,
    movedCollection,
    /**
     * After this server's change at `version`: this server reads it on its next request (ADR 045)
     * and tells its listeners, the others hear it on the channel.
     */
    changed: copy.changed,
    /** Calls `listener` with the new version whenever the catalogue changed; returns the unsubscribe. */
    onChange: copy.onChange,
    close: copy.close,
  };
}

export type CatalogueReaderService = ReturnType<typeof createCatalogueReader>;

/** The writes of one change: every one of them commits together, or none does. */
export interface CatalogueWriter {
  upsertCollections(collections: readonly CollectionInput[]): Promise<void>;
  upsertProducts(products: readonly ProductInput[]): Promise<void>;
  setStock(productId: number, size: string, stock: number): Promise<boolean>;
  setPrice(productId: number, price: number): Promise<boolean>;
  /** Takes products off sale; returns how many were on sale. */
  archive(ids: readonly number[]): Promise<number>;
  /** Ids of every product on sale, as this change sees them. */
  productIdsOnSale(): Promise<number[]>;
  /** Collection ids by routeName, as this change sees them. */
  collectionIds(): Promise<Map<string, number>>;
  /** Makes room for `by` collections at the top of both orders (the others keep theirs). */
  shiftCollections(by: number): Promise<void>;
  /** Makes room for `by` products at the top of the collection. */
  shiftProducts(routeName: string, by: number): Promise<void>;
}

/** What a change wrote, for the servers that re-read only that (raiseVersion). */
interface Touched {
  ids: Set<number>;
  all: boolean;
}

const writerOf = (trx: Db, touched: Touched): CatalogueWriter => {
  const touch = (ids: readonly number[]) => {
    for (const id of ids) touched.ids.add(id);
  };
  return {
    upsertCollections: (collections) => {
      touched.all = true;
      return catalogueRepository.upsertCollections(trx, collections);
    },
    upsertProducts: (products) => {
      touch(products.map((product) => product.id));
      return catalogueRepository.upsertProducts(trx, products);
    },
    setStock: (productId, size, stock) => {
      touch([productId]);
      return catalogueRepository.setStock(trx, productId, size, stock);
    },
    setPrice: (productId, price) => {
      touch([productId]);
      return catalogueRepository.setPrice(trx, productId, price);
    },
    archive: (ids) => {
      touch(ids);
      return catalogueRepository.archive(trx, ids);
    },
    productIdsOnSale: () => catalogueRepository.productIdsOnSale(trx),
    collectionIds: () => catalogueRepository.collectionIds(trx),
    shiftCollections: (by) => {
      touched.all = true;
      return catalogueRepository.shiftCollections(trx, by);
    },
    shiftProducts: (routeName, by) => {
      touched.all = true;
      return catalogueRepository.shiftProducts(trx, routeName, by);
    },
  };
};

const productIdsOf = (lines: readonly StockLine[]) => lines.map((line) => line.productId);

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
    await catalogueRepository.raiseVersion(trx, 'all');
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

  // This server reads its own change at once, without waiting for the notification to come
  // back (PostgreSQL delivers it asynchronously); the others hear it on the channel.
  const publish = (version: number) => reader.changed(version);

  return {
    reader,
    /** Calls `listener` with the new version after every change, from any server. */
    onCatalogueChange: reader.onChange,

    /** Sizes with at most `threshold` left (sold out included), fewest first: the back office's. */
    lowStock: (threshold = 3, limit = 50) => catalogueRepository.lowStock(db, threshold, limit),

    /**
     * Runs `work` as one change: its writes commit together with a raised version, or (when it
     * throws) not at all. Resolves with its result and the new version once published.
     */
    async change<T>(work: (writer: CatalogueWriter) => Promise<T>) {
      const outcome = await inWriteTransaction(db, [CATALOGUE_SCOPE], async (trx) => {
        const touched: Touched = { ids: new Set(), all: false };
        const result = await work(writerOf(trx, touched));
        const version = await catalogueRepository.raiseVersion(
          trx,
          touched.all ? 'all' : [...touched.ids],
        );
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
      if (short.length === 0 && lines.length > 0) {
        await catalogueRepository.raiseVersion(trx, productIdsOf(lines));
      }
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
      await catalogueRepository.raiseVersion(trx, productIdsOf(lines));
    },

    /** Tells every server that stock changed (after takeStock or returnStock committed). */
    async stockChanged(): Promise<void> {
      await publish(await catalogueRepository.version(db));
    },

    /** The back office's products and collections (ADR 045). */
    admin: createCatalogueAdmin({ db, scope: CATALOGUE_SCOPE, publish }),

    close: () => reader.close(),
  };
}

export type CatalogueService = ReturnType<typeof createCatalogueService>;
