import { sql, type Kysely } from 'kysely';

/**
 * The catalogue as data (issue 13; ADR 034): collections, products, stock per product and size,
 * and one version number that every change raises, so each server can tell that what it keeps
 * in memory is stale. The rows of the spec's catalogue are seeded by the catalogue module on
 * first start (inside the migration lock), not here: a migration never changes with the data.
 *
 * Prices and stock are integers (cents, pieces) with checks, so no writer can store a negative
 * price or stock. Booleans are 0/1 integers, the same on both databases.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('catalogue_collections')
    // Ids are the owner's (the spec's 1-5, or an imported file's), never generated.
    .addColumn('id', 'integer', (col) => col.primaryKey())
    .addColumn('route_name', 'text', (col) => col.notNull().unique())
    .addColumn('title', 'text', (col) => col.notNull())
    // The shop overview's order.
    .addColumn('position', 'integer', (col) => col.notNull())
    // The home directory's order, which the spec gives apart (hats, jackets, sneakers, ...).
    .addColumn('tile_position', 'integer', (col) => col.notNull())
    .addColumn('image_url', 'text', (col) => col.notNull())
    // 'large' or null.
    .addColumn('tile_size', 'text', (col) => col.check(sql`tile_size in ('large')`))
    .execute();

  await db.schema
    .createTable('catalogue_products')
    .addColumn('id', 'integer', (col) => col.primaryKey())
    .addColumn('collection_id', 'integer', (col) =>
      col.notNull().references('catalogue_collections.id'),
    )
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('description', 'text', (col) => col.notNull())
    .addColumn('price', 'integer', (col) => col.notNull().check(sql`price >= 0`))
    .addColumn('image_url', 'text', (col) => col.notNull())
    .addColumn('colour', 'text', (col) => col.notNull())
    .addColumn('size_kind', 'text', (col) =>
      col.check(sql`size_kind in ('hat', 'shoe', 'clothing')`),
    )
    // Its place within its collection.
    .addColumn('position', 'integer', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('archived', 'integer', (col) =>
      col
        .notNull()
        .defaultTo(0)
        .check(sql`archived in (0, 1)`),
    )
    .execute();
  await db.schema
    .createIndex('catalogue_products_by_collection')
    .on('catalogue_products')
    .columns(['collection_id', 'position'])
    .execute();

  await db.schema
    .createTable('catalogue_stock')
    .addColumn('product_id', 'integer', (col) => col.notNull().references('catalogue_products.id'))
    // One of SIZES_BY_KIND[size_kind], or '' for a one-size product.
    .addColumn('size', 'text', (col) => col.notNull())
    .addColumn('stock', 'integer', (col) => col.notNull().check(sql`stock >= 0`))
    .addPrimaryKeyConstraint('catalogue_stock_pk', ['product_id', 'size'])
    .execute();

  await db.schema
    .createTable('catalogue_version')
    // One row: id 1.
    .addColumn('id', 'integer', (col) => col.primaryKey().check(sql`id = 1`))
    .addColumn('version', 'integer', (col) => col.notNull())
    .execute();
  await sql`insert into catalogue_version (id, version) values (1, 0)`.execute(db);
}
