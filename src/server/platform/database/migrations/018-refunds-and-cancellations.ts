import { sql, type Kysely } from 'kysely';

/**
 * Refunds and cancelled orders (issue 14; ADR 047).
 *
 * - `payment_refunds`: the test-mode provider's record of each refund against a charge (amount,
 *   the lines it was for, when, an id), one per idempotency key.
 * - `order_refunds`: the orders module's refunds, with their state (`pending` until the provider
 *   says, then `succeeded` or `failed`), the lines and quantities they cover, and whether the
 *   stock came back.
 * - `order_lines.refunded_quantity`: how many of the line are refunded or being refunded, never
 *   more than were bought; `orders.refunded_total`: the money refunded (succeeded refunds), so
 *   lists and the dashboard need no join; `orders.cancelled_at` once cancelled.
 *
 * One column per statement, as SQLite's ALTER TABLE adds one at a time.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('orders').addColumn('cancelled_at', 'text').execute();
  await db.schema
    .alterTable('orders')
    .addColumn('refunded_total', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('order_lines')
    .addColumn('refunded_quantity', 'integer', (col) =>
      col
        .notNull()
        .defaultTo(0)
        .check(sql`refunded_quantity >= 0`),
    )
    .execute();
  await db.schema
    .createTable('payment_refunds')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('charge_id', 'text', (col) => col.notNull().references('payment_charges.id'))
    .addColumn('amount', 'integer', (col) => col.notNull().check(sql`amount > 0`))
    .addColumn('currency', 'text', (col) => col.notNull())
    .addColumn('lines', 'text', (col) => col.notNull())
    .addColumn('reason', 'text')
    .addColumn('idempotency_key', 'text', (col) => col.notNull().unique())
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('payment_refunds_by_charge')
    .on('payment_refunds')
    .column('charge_id')
    .execute();
  await db.schema
    .createTable('order_refunds')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('order_id', 'text', (col) => col.notNull().references('orders.id'))
    .addColumn('idempotency_key', 'text', (col) => col.notNull().unique())
    .addColumn('request_fingerprint', 'text', (col) => col.notNull())
    .addColumn('kind', 'text', (col) => col.notNull().check(sql`kind in ('refund', 'cancel')`))
    .addColumn('amount', 'integer', (col) => col.notNull().check(sql`amount > 0`))
    .addColumn('currency', 'text', (col) => col.notNull())
    .addColumn('lines', 'text', (col) => col.notNull())
    .addColumn('restock', 'integer', (col) => col.notNull())
    .addColumn('reason', 'text')
    .addColumn('status', 'text', (col) =>
      col.notNull().check(sql`status in ('pending', 'succeeded', 'failed')`),
    )
    .addColumn('provider_refund_id', 'text')
    .addColumn('failure', 'text')
    .addColumn('actor_email', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('settled_at', 'text')
    .execute();
  await db.schema
    .createIndex('order_refunds_by_order')
    .on('order_refunds')
    .columns(['order_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('order_refunds_pending')
    .on('order_refunds')
    .column('id')
    .where(sql<boolean>`status = 'pending'`)
    .execute();
}
