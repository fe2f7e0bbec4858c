import { sql, type Kysely } from 'kysely';
import { Migrator, type Migration, type MigrationProvider } from 'kysely/migration';
import type { Database } from './schema.ts';
import type { ShopDatabase } from './database.ts';
import * as profiles from '#server/platform/database/migrations/001-profiles.ts';
import * as localOidcAccounts from '#server/platform/database/migrations/002-local-oidc-accounts.ts';
import * as paymentsAndOrders from '#server/platform/database/migrations/003-payments-and-orders.ts';
import * as carts from '#server/platform/database/migrations/004-carts.ts';
import * as ordersSequence from '#server/platform/database/migrations/005-orders-sequence.ts';
import * as pendingOrders from '#server/platform/database/migrations/006-pending-orders.ts';
import * as rateLimits from '#server/platform/database/migrations/007-rate-limits.ts';
import * as localOidcState from '#server/platform/database/migrations/008-local-oidc-state.ts';
import * as catalogue from '#server/platform/database/migrations/009-catalogue.ts';
import * as orderLineSizes from '#server/platform/database/migrations/010-order-line-sizes.ts';
import * as mailOutbox from '#server/platform/database/migrations/011-mail-outbox.ts';
import * as orderShipments from '#server/platform/database/migrations/012-order-shipments.ts';
import * as accountTokens from '#server/platform/database/migrations/013-account-tokens.ts';
import * as rolesAndAudit from '#server/platform/database/migrations/014-roles-and-audit.ts';
import * as backOfficeOrderIndexes from '#server/platform/database/migrations/015-back-office-order-indexes.ts';
import * as catalogueBackOffice from '#server/platform/database/migrations/016-catalogue-back-office.ts';
import * as uploadedPictures from '#server/platform/database/migrations/017-uploaded-pictures.ts';
import * as refundsAndCancellations from '#server/platform/database/migrations/018-refunds-and-cancellations.ts';
import * as shopSettings from '#server/platform/database/migrations/019-shop-settings.ts';
import * as authTables from '#server/platform/database/migrations/020-auth-tables.ts';

/** Migrations listed in code rather than read from a folder, so they travel with the server. */
export const migrations: Record<string, Migration> = {
  '001-profiles': profiles,
  '002-local-oidc-accounts': localOidcAccounts,
  '003-payments-and-orders': paymentsAndOrders,
  '004-carts': carts,
  '005-orders-sequence': ordersSequence,
  '006-pending-orders': pendingOrders,
  '007-rate-limits': rateLimits,
  '008-local-oidc-state': localOidcState,
  '009-catalogue': catalogue,
  '010-order-line-sizes': orderLineSizes,
  '011-mail-outbox': mailOutbox,
  '012-order-shipments': orderShipments,
  '013-account-tokens': accountTokens,
  '014-roles-and-audit': rolesAndAudit,
  '015-back-office-order-indexes': backOfficeOrderIndexes,
  '016-catalogue-back-office': catalogueBackOffice,
  '017-uploaded-pictures': uploadedPictures,
  '018-refunds-and-cancellations': refundsAndCancellations,
  '019-shop-settings': shopSettings,
  '020-auth-tables': authTables,
};

export const provider: MigrationProvider = { getMigrations: () => Promise.resolve(migrations) };

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

/** The advisory lock every shop server takes on PostgreSQL while it migrates (any fixed number). */
const MIGRATION_LOCK = 7_106_310_471;

/**
 * Runs `migrate` (the shop's migrations) while no other server does. On
 * PostgreSQL a session advisory lock, held on a connection of its own, makes servers that start
 * together take turns: the second finds every table made and changes nothing. SQLite is one
 * machine's database, and its migrations run in a transaction that locks the file.
 */
export async function withMigrationLock(
  database: ShopDatabase,
  migrate: () => Promise<void>,
): Promise<void> {
  if (database.kind !== 'postgres') return migrate();
  await database.db.connection().execute(async (connection) => {
    await sql`select pg_advisory_lock(${MIGRATION_LOCK})`.execute(connection);
    try {
      await migrate();
    } finally {
      await sql`select pg_advisory_unlock(${MIGRATION_LOCK})`.execute(connection);
    }
  });
}
