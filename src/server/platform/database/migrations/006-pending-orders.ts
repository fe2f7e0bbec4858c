import { sql, type Kysely } from 'kysely';
import { isPostgres } from '#server/platform/database/database.ts';

/** A paid order always names its charge and card; a pending one has neither yet. */
const PAID_HAS_CHARGE = sql`status = 'pending' or (charge_id is not null and card_brand is not null and card_last4 is not null)`;

/**
 * Orders recorded as `pending` under their idempotency key before the charge, then marked `paid`
 * (ADR 030): the charge, its card and the status may be missing while an order is pending.
 *
 * PostgreSQL alters the columns in place. SQLite cannot drop NOT NULL, so the table is rebuilt:
 * copied with its rowids (a shopper's list breaks ties in the order rows were written), dropped
 * and renamed, in one transaction of its own (Kysely runs SQLite migrations outside one).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) {
    await sql`alter table orders
      alter column charge_id drop not null,
      alter column card_brand drop not null,
      alter column card_last4 drop not null,
      add constraint orders_status check (status in ('pending', 'paid')),
      add constraint orders_paid_has_charge check (${PAID_HAS_CHARGE})`.execute(db);
  } else {
    // SQLite's own recipe for changing a table (sqlite.org/lang_altertable.html, "other kinds of
    // table schema changes"): foreign keys off around the transaction, checked before it commits.
    // defer_foreign_keys is not enough: dropping the old table counts every line as an orphan,
    // and the new table's rows, inserted before, never count them back.
    await sql`pragma foreign_keys = off`.execute(db);
    try {
      await rebuildSqliteOrders(db);
    } finally {
      await sql`pragma foreign_keys = on`.execute(db);
    }
  }
  // What the reconciliation reads: the few orders left pending, never the paid ones.
  await db.schema
    .createIndex('orders_pending')
    .on('orders')
    .column('id')
    .where(sql<boolean>`status = 'pending'`)
    .execute();
}

async function rebuildSqliteOrders(db: Kysely<unknown>): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await sql`create table orders_rebuilt (
        id text primary key,
        idempotency_key text not null unique,
        request_fingerprint text not null,
        user_id text,
        email text not null,
        currency text not null,
        total integer not null,
        status text not null check (status in ('pending', 'paid')),
        charge_id text unique references payment_charges (id),
        card_brand text,
        card_last4 text,
        billing_address text,
        shipping_address text,
        created_at text not null,
        check (${PAID_HAS_CHARGE})
      )`.execute(trx);
    await sql`insert into orders_rebuilt (rowid, id, idempotency_key, request_fingerprint,
          user_id, email, currency, total, status, charge_id, card_brand, card_last4,
          billing_address, shipping_address, created_at)
        select rowid, id, idempotency_key, request_fingerprint, user_id, email, currency, total,
          status, charge_id, card_brand, card_last4, billing_address, shipping_address, created_at
        from orders`.execute(trx);
    await sql`drop table orders`.execute(trx);
    await sql`alter table orders_rebuilt rename to orders`.execute(trx);
    await trx.schema
      .createIndex('orders_by_user')
      .on('orders')
      .columns(['user_id', 'created_at'])
      .execute();
    const broken = await sql`pragma foreign_key_check`.execute(trx);
    if (broken.rows.length > 0) {
      throw new Error(`orders rebuilt with broken references: ${JSON.stringify(broken.rows)}`);
    }
  });
}
