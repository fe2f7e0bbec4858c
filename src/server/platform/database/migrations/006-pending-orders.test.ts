import { sql } from 'kysely';
import { Migrator } from 'kysely/migration';
import { afterEach, describe, expect, it } from 'vitest';
import { openTestDatabase, TEST_DATABASE } from '#server/test/test-database.ts';
import type { ShopDatabase } from '#server/platform/database/database.ts';
import { migrateToLatest, provider } from '#server/platform/database/migrate.ts';

let database: ShopDatabase | undefined;
afterEach(async () => {
  await database?.close();
  database = undefined;
});

/** The order of rows a shopper's list falls back on when two orders share a millisecond. */
const writtenOrder = TEST_DATABASE === 'postgres' ? sql.raw('seq') : sql.raw('rowid');

describe('migration 006 (pending orders)', () => {
  it('keeps the paid orders, their lines and the order they were written in', async () => {
    database = await openTestDatabase();
    const { db } = database;
    const migrator = new Migrator({ db, provider });
    expect((await migrator.migrateTo('005-orders-sequence')).error).toBeUndefined();
    // Ids out of the order they are written in, so the written order is the rows' own.
    const written = ['ord_c', 'ord_a', 'ord_b'];
    for (const [n, id] of written.entries()) {
      await sql`insert into payment_tokens values (${`tok${n}`}, 'visa', '4242', 12, 2040,
        'succeeded', 't', 't')`.execute(db);
      await sql`insert into payment_charges values (${`ch${n}`}, ${`tok${n}`}, 2500, 'usd',
        ${`key${n}`}, 'succeeded', 't')`.execute(db);
      await sql`insert into orders (id, idempotency_key, request_fingerprint, user_id, email,
          currency, total, status, charge_id, card_brand, card_last4, created_at)
        values (${id}, ${`key${n}`}, 'f', 'u1', 'ada@example.com', 'usd', 2500, 'paid',
          ${`ch${n}`}, 'visa', '4242', '2026-01-01T00:00:00.000Z')`.execute(db);
      await sql`insert into order_lines values (${id}, 0, 1, 'Brown Brim', 2500, 1, 2500)`.execute(
        db,
      );
    }

    await migrateToLatest(db);

    const rows = await sql<{ id: string; status: string; charge_id: string }>`
      select id, status, charge_id from orders order by ${writtenOrder}`.execute(db);
    expect(rows.rows).toEqual([
      { id: 'ord_c', status: 'paid', charge_id: 'ch0' },
      { id: 'ord_a', status: 'paid', charge_id: 'ch1' },
      { id: 'ord_b', status: 'paid', charge_id: 'ch2' },
    ]);
    expect(await db.selectFrom('order_lines').select('order_id').execute()).toHaveLength(3);
    // A pending order needs no charge; a paid one does, and a line needs its order.
    await db
      .insertInto('orders')
      .values({
        id: 'ord_d',
        idempotency_key: 'key3',
        request_fingerprint: 'f',
        user_id: null,
        email: 'ada@example.com',
        currency: 'usd',
        total: 2500,
        status: 'pending',
        charge_id: null,
        card_brand: null,
        card_last4: null,
        billing_address: null,
        shipping_address: null,
        created_at: '2026-01-01T00:00:00.000Z',
      })
      .execute();
    await expect(
      db.updateTable('orders').set({ status: 'paid' }).where('id', '=', 'ord_d').execute(),
    ).rejects.toThrow(/check constraint/i);
    await expect(
      // Columns named: later migrations add some (010, the size).
      sql`insert into order_lines (order_id, position, item_id, name, unit_price, quantity, line_total)
          values ('ord_none', 0, 1, 'Brown Brim', 2500, 1, 2500)`.execute(db),
    ).rejects.toThrow(/foreign key/i);
  });
});
