import type { Kysely } from 'kysely';
import { isPostgres } from '#server/platform/database/database.ts';

/**
 * The order orders were written in, for a shopper's list when two share a millisecond. SQLite
 * numbers every row already (rowid); PostgreSQL has no such number, so it gets a column.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  await db.schema
    .alterTable('orders')
    .addColumn('seq', 'bigint', (col) => col.generatedAlwaysAsIdentity())
    .execute();
}
