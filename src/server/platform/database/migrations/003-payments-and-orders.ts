import { sql, type Kysely } from 'kysely';

/**
 * The test-mode payment provider's tokens and charges, and the shop's orders. They share one
 * database so that a charge and its order are written in one transaction (ADR 011). No column
 * holds a card number or a CVC.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('payment_tokens')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('brand', 'text', (col) => col.notNull())
    .addColumn('last4', 'text', (col) => col.notNull())
    .addColumn('exp_month', 'integer', (col) => col.notNull())
    .addColumn('exp_year', 'integer', (col) => col.notNull())
    .addColumn('outcome', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('used_at', 'text')
    .execute();

  await db.schema
    .createTable('payment_charges')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('token_id', 'text', (col) => col.notNull().unique().references('payment_tokens.id'))
    .addColumn('amount', 'integer', (col) => col.notNull().check(sql`amount > 0`))
    .addColumn('currency', 'text', (col) => col.notNull())
    .addColumn('idempotency_key', 'text', (col) => col.notNull().unique())
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('orders')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('idempotency_key', 'text', (col) => col.notNull().unique())
    .addColumn('request_fingerprint', 'text', (col) => col.notNull())
    // better-auth's user table is created after these migrations, so no foreign key.
    .addColumn('user_id', 'text')
    .addColumn('email', 'text', (col) => col.notNull())
    .addColumn('currency', 'text', (col) => col.notNull())
    .addColumn('total', 'integer', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('charge_id', 'text', (col) =>
      col.notNull().unique().references('payment_charges.id'),
    )
    .addColumn('card_brand', 'text', (col) => col.notNull())
    .addColumn('card_last4', 'text', (col) => col.notNull())
    .addColumn('billing_address', 'text')
    .addColumn('shipping_address', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('orders_by_user')
    .on('orders')
    .columns(['user_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('order_lines')
    .addColumn('order_id', 'text', (col) => col.notNull().references('orders.id'))
    .addColumn('position', 'integer', (col) => col.notNull())
    .addColumn('item_id', 'integer', (col) => col.notNull())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('unit_price', 'integer', (col) => col.notNull())
    .addColumn('quantity', 'integer', (col) => col.notNull())
    .addColumn('line_total', 'integer', (col) => col.notNull())
    .addPrimaryKeyConstraint('order_lines_pk', ['order_id', 'position'])
    .execute();
}
