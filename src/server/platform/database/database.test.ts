import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { openSqliteDatabase, type ShopDatabase } from './database.ts';

const FULL = 2;

let dir: string | undefined;
afterEach(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
  dir = undefined;
});

async function pragma(database: ShopDatabase, name: 'synchronous' | 'journal_mode') {
  const { rows } = await sql<Record<string, unknown>>`pragma ${sql.raw(name)}`.execute(database.db);
  return rows[0]?.[name];
}

describe('openSqliteDatabase on a file', () => {
  // An acknowledged order must survive a power cut: in WAL mode only synchronous=FULL syncs
  // each commit (NORMAL, SQLite's WAL default once the file is in WAL, may lose the last ones).
  it('syncs every commit (synchronous=FULL), also when it reopens a database already in WAL', async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'crwn-db-'));
    const file = path.join(dir, 'shop.db');

    const first = openSqliteDatabase(file);
    expect(await pragma(first, 'journal_mode')).toBe('wal');
    expect(await pragma(first, 'synchronous')).toBe(FULL);
    await first.close();

    const reopened = openSqliteDatabase(file);
    expect(await pragma(reopened, 'journal_mode')).toBe('wal');
    expect(await pragma(reopened, 'synchronous')).toBe(FULL);
    await reopened.close();
  });
});
