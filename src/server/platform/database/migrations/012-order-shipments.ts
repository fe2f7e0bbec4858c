import type { Kysely } from 'kysely';

/**
 * Shipments (issue 15; ADR 040): when a paid order left, with which carrier and under which
 * tracking number. All three are set together, once, by the orders service; NULL until then.
 * One column per statement, as SQLite's ALTER TABLE adds one at a time.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const column of ['shipped_at', 'carrier', 'tracking_number']) {
    await db.schema.alterTable('orders').addColumn(column, 'text').execute();
  }
}
