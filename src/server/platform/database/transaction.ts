import { sql, type Kysely } from 'kysely';
import { isPostgres } from './database.ts';
import type { Database } from './schema.ts';

/** The database handle a repository function is given: the root one or a transaction's. */
export type Db = Kysely<Database>;

/**
 * True when `error` is a unique constraint refusing a second row with the same key (PostgreSQL's
 * 23505, SQLite's SQLITE_CONSTRAINT_UNIQUE): another writer got there first, and reading again
 * finds its row.
 */
export function isUniqueViolation(error: unknown): boolean {
  if (!(error instanceof Error) || !('code' in error)) return false;
  return error.code === '23505' || error.code === 'SQLITE_CONSTRAINT_UNIQUE';
}

/**
 * Runs `work` as one write transaction that behaves as if it ran alone among the transactions
 * that name any of the same `scopes` (for example `order-key:<key>`, `cart:<user>`), and commits
 * only when it says so: the check-then-write code of carts, orders and charges means the same on
 * both databases.
 *
 * - SQLite: BEGIN IMMEDIATE takes the whole file's write lock at once (scopes are not needed), so
 *   another process cannot slip in between the checks and the writes; within this process Kysely
 *   hands its single connection to one caller at a time, so every other query waits until this
 *   commits or rolls back.
 * - PostgreSQL: a transaction-scoped advisory lock per scope, taken first and in one order (so
 *   two transactions never wait for each other crosswise), on every server alike; each statement
 *   after them sees every write committed before (READ COMMITTED). Transactions of other scopes
 *   run at the same time, and readers are never blocked. SERIALIZABLE was tried first: 20
 *   concurrent checkouts on one small table aborted each other over and over (ADR 029).
 *
 * `work` must be short and must not wait on anything outside the database (a card charge, a
 * network call): other writers of its scopes wait for it. Unique constraints still stand behind
 * every key, so a scope forgotten costs an error, never a doubled row.
 *
 * Warning: `work` must use only the connection it is given; on SQLite a query on the root
 * instance inside it waits for itself forever.
 */
export async function inWriteTransaction<T>(
  db: Db,
  scopes: readonly string[],
  work: (connection: Db) => Promise<{ commit: boolean; result: T }>,
): Promise<T> {
  const postgres = isPostgres(db);
  return db.connection().execute(async (connection) => {
    if (postgres) {
      await sql`begin`.execute(connection);
      for (const scope of [...new Set(scopes)].sort()) {
        await sql`select pg_advisory_xact_lock(hashtextextended(${scope}, 0))`.execute(connection);
      }
    } else {
      await sql`begin immediate`.execute(connection);
    }
    try {
      const { commit, result } = await work(connection);
      await sql.raw(commit ? 'commit' : 'rollback').execute(connection);
      return result;
    } catch (error) {
      await sql`rollback`.execute(connection);
      throw error;
    }
  });
}
