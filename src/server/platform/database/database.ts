import SQLite from 'better-sqlite3';
import {
  Kysely,
  PostgresAdapter,
  PostgresDialect,
  SqliteDialect,
  type Dialect,
  type QueryExecutor,
} from 'kysely';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type pg from 'pg';
import type { Database } from './schema.ts';

export type DatabaseKind = 'sqlite' | 'postgres';

export interface ShopDatabase {
  kind: DatabaseKind;
  db: Kysely<Database>;
  /** The dialect better-auth is given, so it shares the shop's connections. */
  dialect: Dialect;
  /** PostgreSQL only: the pool, whose clients LISTEN for changes made by other servers. */
  pool?: pg.Pool;
  close(): Promise<void>;
}

/**
 * Opens the embedded SQLite database at `file` (`:memory:` for tests), creating its folder.
 * WAL mode lets readers go on while a write commits; the busy timeout makes a writer wait for
 * another instead of failing at once. synchronous=FULL syncs the WAL on every commit, so an
 * acknowledged order survives a power cut; SQLite as built here falls back to NORMAL whenever it
 * reopens a file already in WAL, which may lose the last commits (docs/decisions/021).
 */
export function openSqliteDatabase(file: string): ShopDatabase {
  if (file !== ':memory:') mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('foreign_keys = ON');
  const dialect = new SqliteDialect({ database: sqlite });
  const db = new Kysely<Database>({ dialect });
  return { kind: 'sqlite', db, dialect, close: () => db.destroy() };
}

export interface PostgresOptions {
  /** Connections this server keeps open at most (default 10). */
  maxConnections?: number;
  /** Called with errors of idle connections (the server went away); logged by the app. */
  onIdleError?: (error: Error) => void;
}

/** int8 (counts, sequences) as numbers: the shop's counts stay far below 2^53. */
const INT8_OID = 20;

/**
 * Opens a pool of connections to the PostgreSQL database at `url` (postgres://…). Several shop
 * servers share one database this way (docs/decisions/029). A connection that fails while idle
 * (PostgreSQL restarted) is dropped from the pool and reported, never an uncaught error. The
 * `pg` package (some 10 MiB once loaded) is imported only here, so a shop on SQLite never loads
 * it (issue 11's memory budget).
 */
export async function openPostgresDatabase(
  url: string,
  options: PostgresOptions = {},
): Promise<ShopDatabase> {
  const { default: pg } = await import('pg');
  const types = new pg.TypeOverrides();
  types.setTypeParser(INT8_OID, (value: string) => Number(value));
  const pool = new pg.Pool({
    connectionString: url,
    max: options.maxConnections ?? 10,
    types,
    // Every query of the shop is short; one that waits this long for a lock is stuck.
    statement_timeout: 30_000,
    connectionTimeoutMillis: 10_000,
  });
  pool.on('error', (error) => options.onIdleError?.(error));
  const dialect = new PostgresDialect({ pool });
  const db = new Kysely<Database>({ dialect });
  return { kind: 'postgres', db, dialect, pool, close: () => db.destroy() };
}

/** True when `db` (the root handle or a transaction's) runs on PostgreSQL. */
export function isPostgres(db: { getExecutor(): QueryExecutor }): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/** A PostgreSQL connection string, as DATABASE_URL takes it. */
export function isPostgresUrl(url: string): boolean {
  return /^postgres(ql)?:\/\//i.test(url);
}
