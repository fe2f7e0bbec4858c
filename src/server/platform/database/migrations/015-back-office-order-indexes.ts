import { sql, type Kysely } from 'kysely';
import { isPostgres } from '#server/platform/database/database.ts';

/**
 * The back office's order list at scale (issue 14; bench/backoffice.bench.ts): paid orders newest
 * first, whole, within a time range, unshipped, or of a customer. Without these both databases
 * read and sorted every order for each page and each count.
 *
 * - `orders_by_status_time`, scanned backwards, gives `created_at desc, id desc` without a sort.
 *   `status` leads because the queries compare it to a bound parameter, which SQLite cannot match
 *   to a partial index's `status = 'paid'`. `email` and `shipped_at` are in it so that a search by
 *   address and the shipped orders' count read the index alone, not every order's row.
 * - `orders_unshipped`: `shipped_at is null` is written literally, so both databases use this
 *   partial index; a running shop's unshipped orders are the few recent ones. It holds
 *   `shipped_at` too (always NULL there), or SQLite, reading the query's term from the index,
 *   would count them in the larger one.
 * - On PostgreSQL with pg_trgm at hand, the addresses' trigrams (`lower(email) like '%…%'`). A
 *   server where the shop's user may not create the extension (it is trusted from PostgreSQL 13
 *   on: a database owner may) goes without; the search is then a scan of the index above.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('orders_by_status_time')
    .on('orders')
    .columns(['status', 'created_at', 'id', 'email', 'shipped_at'])
    .execute();
  await db.schema
    .createIndex('orders_unshipped')
    .on('orders')
    .columns(['status', 'created_at', 'id', 'shipped_at'])
    .where(sql<boolean>`shipped_at is null`)
    .execute();
  if (isPostgres(db) && (await mayUseTrigrams(db))) {
    await sql`create extension if not exists pg_trgm`.execute(db);
    await sql`create index orders_email_trigrams on orders using gin (lower(email) gin_trgm_ops)`.execute(
      db,
    );
  }
}

/** Whether pg_trgm is installed already, or this user may install it (never an error). */
async function mayUseTrigrams(db: Kysely<unknown>): Promise<boolean> {
  const { rows } = await sql<{ may: boolean }>`select
      exists (select 1 from pg_extension where extname = 'pg_trgm')
      or exists (
        select 1 from pg_available_extension_versions v
        where v.name = 'pg_trgm' and v.version = (
          select default_version from pg_available_extensions where name = 'pg_trgm')
        and (
          (select rolsuper from pg_roles where rolname = current_user)
          or (v.trusted and has_database_privilege(current_database(), 'CREATE'))
        )
      ) as may`.execute(db);
  return rows[0]?.may === true;
}
