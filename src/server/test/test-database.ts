import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import {
  openPostgresDatabase,
  openSqliteDatabase,
  type DatabaseKind,
  type ShopDatabase,
} from '#server/platform/database/database.ts';
import { migrateToLatest } from '#server/platform/database/migrate.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** postgres://… of the test PostgreSQL's admin database (postgres-global-setup.ts). */
    postgresAdminUrl: string;
  }
}

/**
 * Which database this test run uses: the `node` project runs the server tests on SQLite, the
 * `node-postgres` project runs the same files again on PostgreSQL (vitest.config.ts).
 */
export const TEST_DATABASE: DatabaseKind =
  process.env.TEST_DATABASE === 'postgres' ? 'postgres' : 'sqlite';

let admin: pg.Pool | undefined;
function adminPool(): pg.Pool {
  if (admin) return admin;
  admin = new pg.Pool({ connectionString: inject('postgresAdminUrl'), max: 2 });
  // A test that terminates connections may end an idle one of this pool: the pool drops it and
  // opens another when asked, so it is no test's failure.
  admin.on('error', () => {});
  return admin;
}

/**
 * An empty PostgreSQL database of its own on the run's server, dropped by the returned `drop`.
 * Its URL is what a test hands to a shop server as DATABASE_URL.
 */
export async function createPostgresTestDatabase(): Promise<{
  url: string;
  drop: () => Promise<void>;
}> {
  const name = `test_${randomBytes(8).toString('hex')}`;
  await adminPool().query(`create database ${name}`);
  const url = new URL(inject('postgresAdminUrl'));
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      await adminPool().query(`drop database if exists ${name} with (force)`);
    },
  };
}

/**
 * A fresh, empty database of this run's kind: SQLite in memory, or a new PostgreSQL database
 * that is dropped when the returned handle closes. Migrations run when an app is built on it.
 */
export async function openTestDatabase(): Promise<ShopDatabase> {
  if (TEST_DATABASE === 'sqlite') return openSqliteDatabase(':memory:');
  const created = await createPostgresTestDatabase();
  const database = await openPostgresDatabase(created.url, { maxConnections: 5 });
  return {
    ...database,
    close: async () => {
      await database.close();
      await created.drop();
    },
  };
}

/**
 * Ends every connection to the database at `url` that calls itself `applicationName`, as an
 * operator or a failover would; resolves with how many it ended.
 */
export async function terminateConnections(url: string, applicationName: string) {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    // Found first, then ended one by one: a WHERE may call the function on any row.
    const found = await admin.query<{ pid: number }>(
      'select pid from pg_stat_activity where datname = current_database() and application_name = $1',
      [applicationName],
    );
    for (const { pid } of found.rows) await admin.query('select pg_terminate_backend($1)', [pid]);
    return found.rows.length;
  } finally {
    await admin.end();
  }
}

/** `openTestDatabase` with the shop's own tables made, for repository tests without an app. */
export async function openMigratedTestDatabase(): Promise<ShopDatabase> {
  const database = await openTestDatabase();
  await migrateToLatest(database.db);
  return database;
}
