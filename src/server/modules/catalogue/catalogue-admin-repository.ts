import type { Selectable } from 'kysely';
import type {
  AdminCollection,
  AdminProduct,
  ProductState,
  StockFilter,
} from '#shared/catalogue-admin.ts';
import { LOW_STOCK_THRESHOLD } from '#shared/catalogue-model.ts';
import { containsText } from '#server/platform/database/contains-text.ts';
import type { CatalogueProductsTable } from '#server/platform/database/schema.ts';
import type { Db } from '#server/platform/database/transaction.ts';
import { catalogueRepository, sizesOf } from './catalogue-repository.ts';

export interface AdminProductFilter {
  /** Part of the name, any case. */
  q?: string | undefined;
  /** A collection's routeName. */
  collection?: string | undefined;
  state: ProductState;
  stock?: StockFilter | undefined;
  limit: number;
  offset: number;
}

/** A collection's row as the back office writes it. */
export interface CollectionRow {
  id: number;
  routeName: string;
  title: string;
  imageUrl: string;
  size: 'large' | null;
  position: number;
  tilePosition: number;
}

/** The stock of every size of each product, by product, in its kind's size order (sizesOf). */
async function sizesByProduct(
  db: Db,
  products: readonly { id: number; size_kind: AdminProduct['sizeKind'] }[],
) {
  const lines = products.flatMap((product) =>
    sizesOf(product.size_kind).map((size) => ({ productId: product.id, size })),
  );
  const levels = await catalogueRepository.stockLevels(db, lines);
  const sizes = new Map<number, AdminProduct['sizes']>();
  for (const [index, { productId, size }] of lines.entries()) {
    let list = sizes.get(productId);
    if (!list) sizes.set(productId, (list = []));
    list.push({ size, stock: levels[index] ?? 0 });
  }
  return sizes;
}

/** A product's row with its collection's routeName, as the back office shows it. */
const productOf = (
  row: Selectable<CatalogueProductsTable> & { route_name: string },
  sizes: ReadonlyMap<number, AdminProduct['sizes']>,
): AdminProduct => ({
  id: row.id,
  name: row.name,
  description: row.description,
  price: row.price,
  collection: row.route_name,
  imageUrl: row.image_url,
  colour: row.colour,
  sizeKind: row.size_kind,
  sizes: sizes.get(row.id) ?? [],
  archived: row.archived === 1,
  createdAt: row.created_at,
});

/**
 * The back office's reads and writes of the catalogue tables beyond the import's (ADR 045):
 * products archived or not, collections with their orders, and collections' former addresses.
 * Writers must raise the version in the same transaction (catalogueRepository.raiseVersion).
 */
export const catalogueAdminRepository = {
  /** One page of products newest first (highest id), with how many match in all. */
  async listProducts(
    db: Db,
    filter: AdminProductFilter,
  ): Promise<{ products: AdminProduct[]; total: number }> {
    let query = db
      .selectFrom('catalogue_products as p')
      .innerJoin('catalogue_collections as c', 'c.id', 'p.collection_id');
    if (filter.state !== 'all')
      query = query.where('p.archived', '=', filter.state === 'archived' ? 1 : 0);
    if (filter.q) query = query.where(containsText('p.name', filter.q));
    if (filter.collection) query = query.where('c.route_name', '=', filter.collection);
    if (filter.stock === 'sold-out') {
      query = query.where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('catalogue_stock as s')
              .select('s.product_id')
              .whereRef('s.product_id', '=', 'p.id')
              .where('s.stock', '>', 0),
          ),
        ),
      );
    } else if (filter.stock === 'low') {
      query = query.where((eb) =>
        eb.exists(
          eb
            .selectFrom('catalogue_stock as s')
            .select('s.product_id')
            .whereRef('s.product_id', '=', 'p.id')
            .where('s.stock', '<=', LOW_STOCK_THRESHOLD),
        ),
      );
    }
    const counted = await query
      .select((eb) => eb.fn.countAll<string | number>().as('count'))
      .executeTakeFirstOrThrow();
    const rows = await query
      .selectAll('p')
      .select('c.route_name')
      .orderBy('p.id', 'desc')
      .limit(filter.limit)
      .offset(filter.offset)
      .execute();
    const sizes = await sizesByProduct(db, rows);
    return {
      total: Number(counted.count),
      products: rows.map((row) => productOf(row, sizes)),
    };
  },

  /** One product, archived or not, with its place in its collection; undefined if none. */
  async product(db: Db, id: number): Promise<(AdminProduct & { position: number }) | undefined> {
    const row = await db
      .selectFrom('catalogue_products as p')
      .innerJoin('catalogue_collections as c', 'c.id', 'p.collection_id')
      .selectAll('p')
      .select('c.route_name')
      .where('p.id', '=', id)
      .executeTakeFirst();
    if (!row) return undefined;
    return { ...productOf(row, await sizesByProduct(db, [row])), position: row.position };
  },

  /** The next product id: one above the highest, archived ones included (orders name them). */
  async nextProductId(db: Db): Promise<number> {
    const row = await db
      .selectFrom('catalogue_products')
      .select((eb) => eb.fn.max('id').as('id'))
      .executeTakeFirst();
    return Number(row?.id ?? 0) + 1;
  },

  /** The place above every product of the collection: a new product shows first in it. */
  async topPosition(db: Db, routeName: string): Promise<number> {
    const row = await db
      .selectFrom('catalogue_products as p')
      .innerJoin('catalogue_collections as c', 'c.id', 'p.collection_id')
      .select((eb) => eb.fn.min('p.position').as('position'))
      .where('c.route_name', '=', routeName)
      .executeTakeFirst();
    const top = row?.position;
    return top === null || top === undefined ? 1 : Number(top) - 1;
  },

  /** Takes a product off sale (1) or back on (0); false when it already was. */
  async setArchived(db: Db, id: number, archived: 0 | 1): Promise<boolean> {
    const result = await db
      .updateTable('catalogue_products')
      .set({ archived })
      .where('id', '=', id)
      .where('archived', '!=', archived)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  },

  /** Every collection in the shop overview's order, with how many products each has on sale. */
  async collections(db: Db): Promise<AdminCollection[]> {
    const rows = await db
      .selectFrom('catalogue_collections as c')
      .selectAll('c')
      .select((eb) =>
        eb
          .selectFrom('catalogue_products as p')
          .select((inner) => inner.fn.countAll<string | number>().as('n'))
          .whereRef('p.collection_id', '=', 'c.id')
          .where('p.archived', '=', 0)
          .as('products'),
      )
      .orderBy('c.position')
      .orderBy('c.id')
      .execute();
    return rows.map((row) => ({
      id: row.id,
      title: row.title,
      routeName: row.route_name,
      imageUrl: row.image_url,
      size: row.tile_size,
      position: row.position,
      tilePosition: row.tile_position,
      products: Number(row.products ?? 0),
    }));
  },

  /** The next collection id and the places after the last of both orders. */
  async collectionEnds(db: Db): Promise<{ id: number; position: number; tilePosition: number }> {
    const row = await db
      .selectFrom('catalogue_collections')
      .select((eb) => [
        eb.fn.max('id').as('id'),
        eb.fn.max('position').as('position'),
        eb.fn.max('tile_position').as('tile_position'),
      ])
      .executeTakeFirst();
    return {
      id: Number(row?.id ?? 0) + 1,
      position: Number(row?.position ?? 0) + 1,
      tilePosition: Number(row?.tile_position ?? 0) + 1,
    };
  },

  async insertCollection(db: Db, collection: CollectionRow): Promise<void> {
    await db
      .insertInto('catalogue_collections')
      .values({
        id: collection.id,
        route_name: collection.routeName,
        title: collection.title,
        position: collection.position,
        tile_position: collection.tilePosition,
        image_url: collection.imageUrl,
        tile_size: collection.size,
      })
      .execute();
  },

  async updateCollection(
    db: Db,
    id: number,
    fields: Pick<CollectionRow, 'routeName' | 'title' | 'imageUrl' | 'size'>,
  ): Promise<void> {
    await db
      .updateTable('catalogue_collections')
      .set({
        route_name: fields.routeName,
        title: fields.title,
        image_url: fields.imageUrl,
        tile_size: fields.size,
      })
      .where('id', '=', id)
      .execute();
  },

  /** Both orders at once: `overview` and `directory` are every collection's id, each once. */
  async setCollectionOrder(
    db: Db,
    overview: readonly number[],
    directory: readonly number[],
  ): Promise<void> {
    for (const [index, id] of overview.entries()) {
      await db
        .updateTable('catalogue_collections')
        .set({ position: index + 1 })
        .where('id', '=', id)
        .execute();
    }
    for (const [index, id] of directory.entries()) {
      await db
        .updateTable('catalogue_collections')
        .set({ tile_position: index + 1 })
        .where('id', '=', id)
        .execute();
    }
  },

  /** Former addresses by routeName: the collection's current routeName each leads to. */
  async aliases(db: Db): Promise<Map<string, string>> {
    const rows = await db
      .selectFrom('catalogue_route_aliases as a')
      .innerJoin('catalogue_collections as c', 'c.id', 'a.collection_id')
      .select(['a.route_name as alias', 'c.route_name as current'])
      .execute();
    return new Map(rows.map((row) => [row.alias, row.current]));
  },

  /**
   * Keeps `routeName` as a former address of the collection (replacing whichever collection it
   * led to before), or, with `collectionId` null, forgets it: an address in use again is that
   * collection's own.
   */
  async setAlias(db: Db, routeName: string, collectionId: number | null): Promise<void> {
    await db.deleteFrom('catalogue_route_aliases').where('route_name', '=', routeName).execute();
    if (collectionId !== null) {
      await db
        .insertInto('catalogue_route_aliases')
        .values({ route_name: routeName, collection_id: collectionId })
        .execute();
    }
  },
};
