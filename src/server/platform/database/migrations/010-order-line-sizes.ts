import type { Kysely } from 'kysely';

/**
 * The size of each order line (issue 13; ADR 037): '' for a one-size product, else one of its
 * sizes. Lines recorded before sizes existed keep NULL, which also says that no stock was taken
 * for them, so removing such a pending order after a decline puts nothing back.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('order_lines').addColumn('size', 'text').execute();
}
