import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import {
  ImportError,
  importCatalogue,
  parseCatalogueFile,
} from '#server/modules/catalogue/catalogue-import.ts';
import {
  createCatalogueService,
  seedCatalogue,
} from '#server/modules/catalogue/catalogue-service.ts';
import { openPostgresDatabase, openSqliteDatabase } from '#server/platform/database/database.ts';
import { migrateToLatest, withMigrationLock } from '#server/platform/database/migrate.ts';
import { openNotifications } from '#server/platform/notifications.ts';
import { databaseLocation } from '../db/database-location.ts';

/**
 * `npm run catalogue:import -- FILE [--replace]`: loads an owner's catalogue from a JSON or CSV
 * file (docs/catalogue-import.md) into the shop's database (DATABASE_URL or the SQLite file, as
 * the server finds it), in one transaction: every row or none. Running shops see it within a
 * second or two. A database never used is migrated and seeded first, as the shop's first start
 * does. Exit codes: 0 imported, 1 refused (each bad row named), 2 usage.
 */
const USAGE = 'usage: npm run catalogue:import -- FILE.json|FILE.csv [--replace]';
/** Larger than any shop's catalogue file, small enough to read whole. */
const MAX_FILE_BYTES = 64 * 1024 * 1024;

const args = process.argv.slice(2);
const replace = args.includes('--replace');
const files = args.filter((arg) => arg !== '--replace');
const file = files[0];
const format = file?.toLowerCase().endsWith('.csv')
  ? 'csv'
  : file?.toLowerCase().endsWith('.json')
    ? 'json'
    : undefined;
if (!file || files.length > 1 || file.startsWith('-') || !format) {
  process.stderr.write(`${USAGE}\n`);
  process.exit(2);
}

const location = databaseLocation();
const silent = { info: () => undefined, warn: () => undefined };

try {
  const size = (await stat(file)).size;
  if (size > MAX_FILE_BYTES) throw new Error(`${file} is larger than ${MAX_FILE_BYTES} bytes`);
  const catalogue = parseCatalogueFile(await readFile(file, 'utf8'), format);
  const database =
    location.kind === 'postgres'
      ? await openPostgresDatabase(location.url, { maxConnections: 2 })
      : openSqliteDatabase(location.file);
  const notifications = openNotifications(database, silent);
  try {
    // A shop that never started holds the spec's catalogue first, as its first start would.
    await withMigrationLock(database, async () => {
      await migrateToLatest(database.db);
      await seedCatalogue(database.db);
    });
    const service = createCatalogueService({ db: database.db, notifications });
    const summary = await importCatalogue(service, catalogue, { replace });
    service.close();
    const count = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`;
    process.stdout.write(
      `Imported ${count(summary.collections, 'collection')} and ${count(summary.products, 'product')} from ${path.basename(file)}` +
        (replace ? `; took ${count(summary.archived, 'product')} not in the file off sale` : '') +
        ` (catalogue version ${summary.version}).\n`,
    );
  } finally {
    await notifications.close();
    await database.close();
  }
} catch (error) {
  process.stderr.write(
    error instanceof ImportError
      ? `${error.message}\n`
      : `Import failed; nothing was imported: ${(error as Error).message}\n`,
  );
  process.exitCode = 1;
}
