import type { Kysely } from 'kysely';
import { Migrator, type Migration, type MigrationProvider } from 'kysely/migration';
import type { Database } from './schema.ts';
import * as profiles from '#server/platform/database/migrations/001-profiles.ts';
import * as localOidcAccounts from '#server/platform/database/migrations/002-local-oidc-accounts.ts';
import * as paymentsAndOrders from '#server/platform/database/migrations/003-payments-and-orders.ts';
import * as carts from '#server/platform/database/migrations/004-carts.ts';

/** Migrations listed in code rather than read from a folder, so they travel with the server. */
const migrations: Record<string, Migration> = {
  '001-profiles': profiles,
  '002-local-oidc-accounts': localOidcAccounts,
  '003-payments-and-orders': paymentsAndOrders,
  '004-carts': carts,
};

const provider: MigrationProvider = { getMigrations: () => Promise.resolve(migrations) };

/** Brings the shop's own tables up to date; throws with the failing migration's name. */
export async function migrateToLatest(db: Kysely<Database>): Promise<void> {
  const { error, results } = await new Migrator({ db, provider }).migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error) {
    const name = failed ? ` (${failed.migrationName})` : '';
    throw new Error(
      `Database migration failed${name}: ${error instanceof Error ? error.message : JSON.stringify(error)}`,
      { cause: error },
    );
  }
}
