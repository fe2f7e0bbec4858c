import type { Kysely } from 'kysely';

/**
 * Rate-limit counters that every server behind one address shares (platform/rate-limit-store.ts,
 * ADR 032): one row per limited key, counting attempts until `resets_at` (epoch milliseconds).
 * The index lets expired rows be deleted without reading the live ones.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('rate_limits')
    .addColumn('key', 'text', (col) => col.primaryKey())
    .addColumn('count', 'integer', (col) => col.notNull())
    .addColumn('resets_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('rate_limits_resets_at')
    .on('rate_limits')
    .column('resets_at')
    .execute();
}
