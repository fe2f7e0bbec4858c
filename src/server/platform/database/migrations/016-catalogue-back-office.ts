import type { Kysely } from 'kysely';

/**
 * The back office's products and collections (issue 14; ADR 045).
 *
 * - `catalogue_route_aliases`: a collection's former addresses. Renaming a collection's address
 *   (`/shop/hats` to `/shop/caps`) keeps the old one here, so old links and search results answer
 *   301 to the new one. An address in use by a collection always wins over an alias.
 * - `catalogue_products_newest`: the back office lists products newest first, whole or on sale
 *   only, a page at a time, at 10,000 products and more.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('catalogue_route_aliases')
    .addColumn('route_name', 'text', (col) => col.primaryKey())
    .addColumn('collection_id', 'integer', (col) =>
      col.notNull().references('catalogue_collections.id'),
    )
    .execute();
  await db.schema
    .createIndex('catalogue_products_newest')
    .on('catalogue_products')
    .columns(['archived', 'id'])
    .execute();
}
