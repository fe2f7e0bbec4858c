import { sql, type Kysely } from 'kysely';

/**
 * One cart per account, kept with the account so it follows the shopper to any device (issue 10,
 * item 15; ADR 025). The lines are one JSON array of item ids and quantities: the cart is always
 * read and replaced whole, and `version` (raised by every write) lets two devices' writes be told
 * apart. Names and prices are never stored: they come from the catalogue when the cart is read.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('carts')
    // better-auth's user table is created after these migrations, so no foreign key.
    .addColumn('user_id', 'text', (col) => col.primaryKey())
    .addColumn('lines', 'text', (col) => col.notNull())
    .addColumn('version', 'integer', (col) => col.notNull().check(sql`version > 0`))
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
}
