import {
  SIZES_BY_KIND,
  type CatalogueCollection,
  type Product,
  type SizeKind,
} from '#shared/catalogue-model.ts';
import type { Selectable } from 'kysely';
import type { CatalogueProductsTable } from '#server/platform/database/schema.ts';
import type { Db } from '#server/platform/database/transaction.ts';

/** A collection as written: the whole row, with the owner's id. */
export interface CollectionInput {
  id: number;
  routeName: string;
  title: string;
  /** The shop overview's order. */
  position: number;
  /** The home directory's order. */
  tilePosition: number;
  imageUrl: string;
  size: 'large' | null;
}

/** A product as written: the whole row, and the stock of each of its sizes. */
export interface ProductInput {
  id: number;
  /** Its collection's routeName. */
  collection: string;
  name: string;
  description: string;
  /** Integer cents. */
  price: number;
  imageUrl: string;
  colour: string;
  sizeKind: SizeKind | null;
  position: number;
  /** ISO 8601. */
  createdAt: string;
  /**
   * Stock by size (keys from SIZES_BY_KIND[sizeKind], or '' for a one-size product); a size left
   * out has none.
   */
  stock: Readonly<Record<string, number>>;
}

/** One line of an order as stock sees it: so many of a product's size ('' for one size). */
export interface StockLine {
  productId: number;
  size: string;
  quantity: number;
}

/** A collection as the reader keeps it: the contract's fields and its directory place. */
export type StoredCollection = Omit<CatalogueCollection, 'items'> & {
  position: number;
  tilePosition: number;
};

/** Everything on sale, as of `version`. */
export interface CatalogueSnapshot {
  version: number;
  collections: StoredCollection[];
  /** Products on sale, in overview order (collection, then product position). */
  products: Product[];
  /** Each product's place within its collection. */
  positions: Map<number, number>;
  /** Collections' former addresses (routeName) and the current one each leads to (ADR 045). */
  aliases: Map<string, string>;
}

/** A product's row as a small change re-reads it. */
export interface StoredProduct {
  product: Product;
  archived: boolean;
  position: number;
}

type ProductRow = Selectable<CatalogueProductsTable>;

/** Rows to the contract's products, in the rows' order: the one place a product is mapped. */
function productsOf(
  productRows: readonly ProductRow[],
  stockRows: readonly { product_id: number; size: string; stock: number }[],
  routeNameOf: ReadonlyMap<number, string>,
): Product[] {
  const stockOf = new Map<number, Map<string, number>>();
  for (const { product_id, size, stock } of stockRows) {
    let sizes = stockOf.get(product_id);
    if (!sizes) stockOf.set(product_id, (sizes = new Map<string, number>()));
    sizes.set(size, stock);
  }
  return productRows.map((row): Product => {
    const stock = stockOf.get(row.id);
    return {
      id: row.id,
      name: row.name,
      imageUrl: row.image_url,
      price: row.price,
      collection: routeNameOf.get(row.collection_id) ?? '',
      description: row.description,
      colour: row.colour,
      sizeKind: row.size_kind,
      sizes: sizesOf(row.size_kind).map((size) => ({ size, stock: stock?.get(size) ?? 0 })),
      createdAt: row.created_at,
    };
  });
}

/**
 * Lines in one order of rows (product, then size): two orders locking the same stock rows lock
 * them in the same order, so on PostgreSQL neither waits for the other crosswise (a deadlock).
 */
const inLockOrder = (lines: readonly StockLine[]) =>
  [...lines].sort(
    (a, b) => a.productId - b.productId || (a.size < b.size ? -1 : a.size > b.size ? 1 : 0),
  );

/** Versions whose changes are kept: a server further behind than this reads everything. */
const CHANGES_KEPT = 1000;
/** More changed products than this are read whole rather than one by one. */
const MAX_PATCHED = 200;

/** The sizes a product of `kind` is sold in (one unnamed size when it has no kind). */
export const sizesOf = (kind: SizeKind | null): readonly string[] =>
  kind ? SIZES_BY_KIND[kind] : [''];

/** Rows per insert: well under both databases' limits on bound parameters. */
const CHUNK = 400;

function chunks<T>(rows: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let start = 0; start < rows.length; start += CHUNK)
    out.push(rows.slice(start, start + CHUNK));
  return out;
}

/**
 * The catalogue tables: the only code that touches them. Every function takes the Kysely
 * instance to use (the root one or a transaction's), so an import's writes, or an order's stock,
 * share the caller's transaction. Writers must call `raiseVersion` in the same transaction.
 */
export const catalogueRepository = {
  async version(db: Db): Promise<number> {
    const row = await db
      .selectFrom('catalogue_version')
      .select('version')
      .where('id', '=', 1)
      .executeTakeFirst();
    return row?.version ?? 0;
  },

  /**
   * Raises the version by one and records what it changed: the ids of the products whose row or
   * stock it wrote, or 'all' (collections, or more products than are worth reading one by one).
   * Returns the new version; call it in the writing transaction.
   */
  async raiseVersion(db: Db, changed: readonly number[] | 'all'): Promise<number> {
    const row = await db
      .updateTable('catalogue_version')
      .set((eb) => ({ version: eb('version', '+', 1) }))
      .where('id', '=', 1)
      .returning('version')
      .executeTakeFirstOrThrow();
    const { version } = row;
    const ids = changed === 'all' || changed.length > MAX_PATCHED ? [null] : [...new Set(changed)];
    for (const part of chunks(ids)) {
      await db
        .insertInto('catalogue_changes')
        .values(part.map((productId) => ({ version, product_id: productId })))
        .execute();
    }
    await db
      .deleteFrom('catalogue_changes')
      .where('version', '<=', version - CHANGES_KEPT)
      .execute();
    return version;
  },

  /**
   * The product ids changed after version `since` up to `until`, or undefined when one of those
   * changes was larger, or they are too many or too old to have been kept: then read it all.
   */
  async changedSince(db: Db, since: number, until: number): Promise<number[] | undefined> {
    if (until - since >= CHANGES_KEPT) return undefined;
    const rows = await db
      .selectFrom('catalogue_changes')
      .select('product_id')
      .where('version', '>', since)
      .where('version', '<=', until)
      .limit(MAX_PATCHED + 1)
      .execute();
    if (rows.length > MAX_PATCHED || rows.some((row) => row.product_id === null)) return undefined;
    return [...new Set(rows.map((row) => row.product_id ?? 0))];
  },

  async isEmpty(db: Db): Promise<boolean> {
    const row = await db
      .selectFrom('catalogue_collections')
      .select('id')
      .limit(1)
      .executeTakeFirst();
    return row === undefined;
  },

  /**
   * The whole catalogue on sale. The version is read first: a change that lands between the reads
   * leaves the snapshot newer than its version, so it is simply read again later, never kept stale.
   */
  async snapshot(db: Db): Promise<CatalogueSnapshot> {
    const version = await catalogueRepository.version(db);
    const collectionRows = await db
      .selectFrom('catalogue_collections')
      .selectAll()
      .orderBy('position')
      .orderBy('id')
      .execute();
    const productRows = await db
      .selectFrom('catalogue_products')
      .selectAll()
      .where('archived', '=', 0)
      .execute();
    const stockRows = await db
      .selectFrom('catalogue_stock')
      .innerJoin('catalogue_products', 'catalogue_products.id', 'catalogue_stock.product_id')
      .select(['product_id', 'size', 'stock'])
      .where('catalogue_products.archived', '=', 0)
      .execute();
    const collections = collectionRows.map((row): StoredCollection => ({
      id: row.id,
      title: row.title,
      routeName: row.route_name,
      imageUrl: row.image_url,
      ...(row.tile_size ? { size: row.tile_size } : {}),
      position: row.position,
      tilePosition: row.tile_position,
    }));
    const collectionOrder = new Map(collectionRows.map((row, index) => [row.id, index]));
    const routeNameOf = new Map(collectionRows.map((row) => [row.id, row.route_name]));
    productRows.sort(
      (a, b) =>
        (collectionOrder.get(a.collection_id) ?? 0) - (collectionOrder.get(b.collection_id) ?? 0) ||
        a.position - b.position ||
        a.id - b.id,
    );
    const products = productsOf(productRows, stockRows, routeNameOf);
    const aliasRows = await db
      .selectFrom('catalogue_route_aliases')
      .select(['route_name', 'collection_id'])
      .execute();
    return {
      version,
      collections,
      products,
      positions: new Map(productRows.map((row) => [row.id, row.position])),
      aliases: new Map(
        aliasRows.flatMap((row) => {
          const current = routeNameOf.get(row.collection_id);
          return current ? [[row.route_name, current] as const] : [];
        }),
      ),
    };
  },

  /**
   * The given products as they are now, archived ones included, each with its place in its
   * collection: what a server patches its copy with after a small change.
   */
  async productsByIds(db: Db, ids: readonly number[]): Promise<StoredProduct[]> {
    if (ids.length === 0) return [];
    const productRows = await db
      .selectFrom('catalogue_products')
      .selectAll()
      .where('id', 'in', ids)
      .execute();
    const stockRows = await db
      .selectFrom('catalogue_stock')
      .select(['product_id', 'size', 'stock'])
      .where('product_id', 'in', ids)
      .execute();
    const collectionRows = await db
      .selectFrom('catalogue_collections')
      .select(['id', 'route_name'])
      .execute();
    const routeNameOf = new Map(collectionRows.map((row) => [row.id, row.route_name]));
    const products = productsOf(productRows, stockRows, routeNameOf);
    return productRows.map((row, index) => ({
      product: products[index] as Product,
      archived: row.archived === 1,
      position: row.position,
    }));
  },

  /** Inserts the collections, or replaces every field of those whose id exists. */
  async upsertCollections(db: Db, collections: readonly CollectionInput[]): Promise<void> {
    for (const part of chunks(collections)) {
      await db
        .insertInto('catalogue_collections')
        .values(
          part.map((collection) => ({
            id: collection.id,
            route_name: collection.routeName,
            title: collection.title,
            position: collection.position,
            tile_position: collection.tilePosition,
            image_url: collection.imageUrl,
            tile_size: collection.size,
          })),
        )
        .onConflict((conflict) =>
          conflict.column('id').doUpdateSet((eb) => ({
            route_name: eb.ref('excluded.route_name'),
            title: eb.ref('excluded.title'),
            position: eb.ref('excluded.position'),
            tile_position: eb.ref('excluded.tile_position'),
            image_url: eb.ref('excluded.image_url'),
            tile_size: eb.ref('excluded.tile_size'),
          })),
        )
        .execute();
    }
  },

  /**
   * Moves every collection `by` places down both orders, making room at the top for those a
   * writer places next (their relative order is kept).
   */
  async shiftCollections(db: Db, by: number): Promise<void> {
    await db
      .updateTable('catalogue_collections')
      .set((eb) => ({
        position: eb('position', '+', by),
        tile_position: eb('tile_position', '+', by),
      }))
      .execute();
  },

  /** Moves every product of the collection `by` places down, as shiftCollections does. */
  async shiftProducts(db: Db, routeName: string, by: number): Promise<void> {
    await db
      .updateTable('catalogue_products')
      .set((eb) => ({ position: eb('position', '+', by) }))
      .where('collection_id', 'in', (eb) =>
        eb.selectFrom('catalogue_collections').select('id').where('route_name', '=', routeName),
      )
      .execute();
  },

  /** Collection ids by routeName, for writers that name collections by route. */
  async collectionIds(db: Db): Promise<Map<string, number>> {
    const rows = await db
      .selectFrom('catalogue_collections')
      .select(['id', 'route_name'])
      .execute();
    return new Map(rows.map((row) => [row.route_name, row.id]));
  },

  /**
   * Inserts the products, or replaces every field but the creation time of those whose id exists
   * (taking an archived one back on sale), and sets the stock of each to exactly its `stock`. Throws when a
   * product names a collection that does not exist.
   */
  async upsertProducts(db: Db, products: readonly ProductInput[]): Promise<void> {
    const collectionIds = await catalogueRepository.collectionIds(db);
    for (const part of chunks(products)) {
      await db
        .insertInto('catalogue_products')
        .values(
          part.map((product) => {
            const collectionId = collectionIds.get(product.collection);
            if (collectionId === undefined) {
              throw new Error(`Product ${product.id} names no collection: ${product.collection}`);
            }
            return {
              id: product.id,
              collection_id: collectionId,
              name: product.name,
              description: product.description,
              price: product.price,
              image_url: product.imageUrl,
              colour: product.colour,
              size_kind: product.sizeKind,
              position: product.position,
              created_at: product.createdAt,
              archived: 0,
            };
          }),
        )
        .onConflict((conflict) =>
          conflict.column('id').doUpdateSet((eb) => ({
            collection_id: eb.ref('excluded.collection_id'),
            name: eb.ref('excluded.name'),
            description: eb.ref('excluded.description'),
            price: eb.ref('excluded.price'),
            image_url: eb.ref('excluded.image_url'),
            colour: eb.ref('excluded.colour'),
            size_kind: eb.ref('excluded.size_kind'),
            position: eb.ref('excluded.position'),
            // A product is made once: "newest" does not change when it is written again.
            archived: 0,
          })),
        )
        .execute();
      await db
        .deleteFrom('catalogue_stock')
        .where(
          'product_id',
          'in',
          part.map((product) => product.id),
        )
        .execute();
      const stockRows = part.flatMap((product) =>
        sizesOf(product.sizeKind).map((size) => ({
          product_id: product.id,
          size,
          stock: product.stock[size] ?? 0,
        })),
      );
      for (const rows of chunks(stockRows)) {
        await db.insertInto('catalogue_stock').values(rows).execute();
      }
    }
  },

  /** Sets one size's stock; false when the product has no such size. */
  async setStock(db: Db, productId: number, size: string, stock: number): Promise<boolean> {
    const result = await db
      .updateTable('catalogue_stock')
      .set({ stock })
      .where('product_id', '=', productId)
      .where('size', '=', size)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  },

  /** A product's price in cents; false when there is no such product on sale. */
  async setPrice(db: Db, productId: number, price: number): Promise<boolean> {
    const result = await db
      .updateTable('catalogue_products')
      .set({ price })
      .where('id', '=', productId)
      .where('archived', '=', 0)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  },

  /** Takes the products off sale (kept for the orders that name them); returns how many changed. */
  async archive(db: Db, ids: readonly number[]): Promise<number> {
    let changed = 0;
    for (const part of chunks(ids)) {
      const result = await db
        .updateTable('catalogue_products')
        .set({ archived: 1 })
        .where('id', 'in', part)
        .where('archived', '=', 0)
        .executeTakeFirst();
      changed += Number(result.numUpdatedRows);
    }
    return changed;
  },

  /** Ids of every product on sale. */
  /** Sizes of products on sale with at most `threshold` left, fewest first (the back office). */
  lowStock(db: Db, threshold: number, limit: number) {
    return db
      .selectFrom('catalogue_stock')
      .innerJoin('catalogue_products', 'catalogue_products.id', 'catalogue_stock.product_id')
      .select([
        'catalogue_stock.product_id as productId',
        'catalogue_products.name as name',
        'catalogue_stock.size as size',
        'catalogue_stock.stock as stock',
      ])
      .where('catalogue_products.archived', '=', 0)
      .where('catalogue_stock.stock', '<=', threshold)
      .orderBy('catalogue_stock.stock')
      .orderBy('catalogue_stock.product_id')
      .orderBy('catalogue_stock.size')
      .limit(limit)
      .execute();
  },

  async productIdsOnSale(db: Db): Promise<number[]> {
    const rows = await db
      .selectFrom('catalogue_products')
      .select('id')
      .where('archived', '=', 0)
      .execute();
    return rows.map((row) => row.id);
  },

  /**
   * Takes each line's quantity from its size's stock, only where enough is left (the check and
   * the write are one statement, so two buyers of the last one cannot both succeed). Returns the
   * lines that could not be taken (in lock order); when any are returned the caller must roll
   * back, since the others were taken.
   */
  async takeStock(db: Db, lines: readonly StockLine[]): Promise<StockLine[]> {
    const short: StockLine[] = [];
    for (const line of inLockOrder(lines)) {
      const result = await db
        .updateTable('catalogue_stock')
        .set((eb) => ({ stock: eb('stock', '-', line.quantity) }))
        .where('product_id', '=', line.productId)
        .where('size', '=', line.size)
        .where('stock', '>=', line.quantity)
        .where((eb) =>
          eb.exists(
            eb
              .selectFrom('catalogue_products')
              .select('id')
              .where('id', '=', line.productId)
              .where('archived', '=', 0),
          ),
        )
        .executeTakeFirst();
      if (result.numUpdatedRows === 0n) short.push(line);
    }
    return short;
  },

  /**
   * How many of each of `lines`' product sizes are left now (0 for a size the shop does not
   * keep), in `lines`' order: for telling a shopper what a short line can still have.
   */
  async stockLevels(db: Db, lines: readonly Omit<StockLine, 'quantity'>[]): Promise<number[]> {
    if (lines.length === 0) return [];
    const rows = await db
      .selectFrom('catalogue_stock')
      .select(['product_id', 'size', 'stock'])
      .where(
        'product_id',
        'in',
        lines.map((line) => line.productId),
      )
      .execute();
    return lines.map(
      (line) =>
        rows.find((row) => row.product_id === line.productId && row.size === line.size)?.stock ?? 0,
    );
  },

  /** Puts each line's quantity back (an order that failed after its stock was taken). */
  async returnStock(db: Db, lines: readonly StockLine[]): Promise<void> {
    for (const line of inLockOrder(lines)) {
      await db
        .updateTable('catalogue_stock')
        .set((eb) => ({ stock: eb('stock', '+', line.quantity) }))
        .where('product_id', '=', line.productId)
        .where('size', '=', line.size)
        .execute();
    }
  },
};
