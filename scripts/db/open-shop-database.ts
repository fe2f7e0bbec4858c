import { loadConfig, type Config } from '#server/config.ts';
import {
  openPostgresDatabase,
  openSqliteDatabase,
  type ShopDatabase,
} from '#server/platform/database/database.ts';
import { migrateToLatest, withMigrationLock } from '#server/platform/database/migrate.ts';
import { loadEnvFile } from '#server/platform/env-file.ts';

/**
 * The database a running shop uses, for an owner's command beside it: the shop's settings (the
 * environment, then `.env` in this folder) as the server reads them, so DATABASE_URL reaches the
 * shared PostgreSQL; migrated under the servers' lock. The caller closes it.
 */
export async function openShopDatabase(): Promise<{ config: Config; database: ShopDatabase }> {
  loadEnvFile('.env');
  const config = loadConfig();
  const database = config.DATABASE_URL
    ? await openPostgresDatabase(config.DATABASE_URL, { maxConnections: 2 })
    : openSqliteDatabase(config.DATABASE_FILE);
  try {
    await withMigrationLock(database, () => migrateToLatest(database.db));
  } catch (error) {
    await database.close();
    throw error;
  }
  return { config, database };
}
