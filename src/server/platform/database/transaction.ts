import { sql, type Kysely } from 'kysely';
import type { Database } from './schema.ts';

/** The database handle a repository function is given: the root one or a transaction's. */
export type Db = Kysely<Database>;

/**
 * Runs `work` in one SQLite write transaction and commits only when it says so. BEGIN IMMEDIATE
 * takes the write lock at once, so another process cannot slip in between the checks and the
 * writes; within this process Kysely hands its single SQLite connection to one caller at a time,
 * so every other query (better-auth's too) waits until this commits or rolls back.
 *
 * Warning: `work` must use only the connection it is given; a query on the root instance inside
 * it waits for itself forever.
 */
export async function inWriteTransaction<T>(
  db: Db,
  work: (connection: Db) => Promise<{ commit: boolean; result: T }>,
): Promise<T> {
  return db.connection().execute(async (connection) => {
    await sql`begin immediate`.execute(connection);
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
