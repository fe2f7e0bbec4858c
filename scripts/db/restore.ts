import Database from 'better-sqlite3';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { databaseLocation, fileArgument, runClient } from './database-location.ts';

/**
 * `npm run restore -- FILE`: puts a backup made by `npm run backup` back as the shop's database
 * (README, "Running at scale"). Stop every shop server first: what the database holds now is
 * replaced. SQLite: the backup is checked, then copied in with SQLite's backup API, which also
 * deals with a write-ahead log the stopped shop left behind. PostgreSQL: pg_restore into the
 * database DATABASE_URL names (it must exist, e.g. made empty with `createdb`), its tables
 * dropped first if any, all in one transaction, so a failed restore changes nothing.
 */
const source = fileArgument('usage: npm run restore -- FILE (stop the shop first)');
const location = databaseLocation();

try {
  if (location.kind === 'sqlite') {
    const backup = new Database(source, { readonly: true, fileMustExist: true });
    try {
      const check = backup.pragma('integrity_check', { simple: true });
      if (check !== 'ok') throw new Error(`${source} is damaged: ${String(check)}`);
      await mkdir(path.dirname(location.file), { recursive: true });
      await backup.backup(location.file);
    } finally {
      backup.close();
    }
  } else {
    await runClient('pg_restore', [
      '--clean',
      '--if-exists',
      '--no-owner',
      '--no-acl',
      '--single-transaction',
      '--exit-on-error',
      `--dbname=${location.url}`,
      source,
    ]);
  }
  process.stdout.write(
    `Restored the ${location.kind === 'sqlite' ? 'SQLite' : 'PostgreSQL'} database from ${source}\n`,
  );
} catch (error) {
  process.stderr.write(`Restore failed: ${(error as Error).message}\n`);
  process.exitCode = 1;
}
