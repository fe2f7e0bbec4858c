import Database from 'better-sqlite3';
import { rename, rm } from 'node:fs/promises';
import { databaseLocation, fileArgument, runClient } from './database-location.ts';

/**
 * `npm run backup -- FILE`: a consistent copy of the shop's database in FILE, taken while the shop
 * runs (README, "Running at scale"). SQLite: SQLite's online backup API, which copies the pages as
 * of one moment and starts again if the shop writes meanwhile. PostgreSQL: pg_dump's custom
 * format, one snapshot, for pg_restore. The copy is written beside FILE and renamed into place
 * when whole, so FILE is never a half-made backup.
 */
const target = fileArgument('usage: npm run backup -- FILE');
const partial = `${target}.partial`;
const location = databaseLocation();

try {
  if (location.kind === 'sqlite') {
    const database = new Database(location.file, { fileMustExist: true });
    database.pragma('busy_timeout = 5000');
    try {
      await database.backup(partial);
    } finally {
      database.close();
    }
  } else {
    await runClient('pg_dump', [
      '--format=custom',
      `--file=${partial}`,
      `--dbname=${location.url}`,
    ]);
  }
  await rename(partial, target);
  process.stdout.write(
    `Backed up the ${location.kind === 'sqlite' ? 'SQLite' : 'PostgreSQL'} database to ${target}\n`,
  );
} catch (error) {
  await rm(partial, { force: true });
  process.stderr.write(`Backup failed: ${(error as Error).message}\n`);
  process.exitCode = 1;
}
