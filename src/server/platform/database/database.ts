import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Database } from './schema.ts';

export interface ShopDatabase {
  db: Kysely<Database>;
  /** The raw SQLite handle, which better-auth is given through the same Kysely dialect. */
  dialect: SqliteDialect;
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
  return { db, dialect, close: () => db.destroy() };
}
