import { sql, type Kysely } from 'kysely';
import { isPostgres } from './database.ts';
import type { Database } from './schema.ts';

/** The database handle a repository function is given: the root one or a transaction's. */
export type Db = Kysely<Database>;

/** PostgreSQL's "could not serialize access" and "deadlock detected": safe to run again. */
const RETRYABLE = new Set(['40001', '40P01']);
const ATTEMPTS = 10;

function isRetryable(error: unknown): boolean {
  return error instanceof Error && 'code' in error && RETRYABLE.has(String(error.code));
}

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
 * Runs `work` as one write transaction that behaves as if it ran alone, and commits only when
 * it says so. `work` must be short and touch nothing outside the database (it may run again).
 *
 * - SQLite: BEGIN IMMEDIATE takes the write lock at once, so another process cannot slip in
 *   between the checks and the writes; within this process Kysely hands its single connection
 *   to one caller at a time, so every other query waits until this commits or rolls back.
 * - PostgreSQL: SERIALIZABLE on a pooled connection; when another server's transaction makes
 *   this one impossible to order, PostgreSQL refuses it and it runs again from the start.
 *
 * Warning: `work` must use only the connection it is given; on SQLite a query on the root
 * instance inside it waits for itself forever.
 */
export async function inWriteTransaction<T>(
  db: Db,
  work: (connection: Db) => Promise<{ commit: boolean; result: T }>,
): Promise<T> {
  const postgres = isPostgres(db);
  const begin = postgres ? sql`begin isolation level serializable` : sql`begin immediate`;
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await db.connection().execute(async (connection) => {
        await begin.execute(connection);
        try {
          const { commit, result } = await work(connection);
          await sql.raw(commit ? 'commit' : 'rollback').execute(connection);
          return result;
        } catch (error) {
          await sql`rollback`.execute(connection);
          throw error;
        }
      });
    } catch (error) {
      if (!postgres || attempt >= ATTEMPTS || !isRetryable(error)) throw error;
      // A short random pause, so two servers retrying do not collide again at once.
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 10 * attempt));
    }
  }
}
