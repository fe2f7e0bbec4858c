import Fastify, { type FastifyServerOptions } from 'fastify';
import { createAuth, migrateAuthTables } from '#server/modules/accounts/auth.ts';
import { loadConfig } from '#server/config.ts';
import { openSqliteDatabase } from '#server/platform/database/database.ts';
import { migrateToLatest } from '#server/platform/database/migrate.ts';
import { crossSiteGuard } from '#server/platform/http/cross-site-guard.ts';
import { authRoutes } from '#server/modules/accounts/auth-routes.ts';
import { ordersRoutes } from '#server/modules/orders/orders-routes.ts';
import { TEST_PUBLIC_URL } from './test-app.ts';
import { paymentProviderPlugin } from '#server/modules/payments/payments-routes.ts';
import {
  createLocalPaymentProvider,
  type PaymentProvider,
} from '#server/modules/payments/payment-service.ts';

/**
 * The server parts that payments and orders need, wired as app.ts will wire them: a migrated
 * database (`:memory:` unless `databaseFile` is given), accounts under /api/auth, the
 * cross-site guard, the payment provider under /pay/v1 and the orders API. For tests only.
 */
export async function buildPaymentsTestApp({
  databaseFile = ':memory:',
  logger = false,
  payments = createLocalPaymentProvider(),
}: {
  databaseFile?: string;
  logger?: FastifyServerOptions['logger'];
  payments?: PaymentProvider;
} = {}) {
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    DATABASE_FILE: databaseFile,
    PUBLIC_URL: TEST_PUBLIC_URL,
    AUTH_SECRET: 'test-secret-that-is-long-enough-0123456789',
    AUTH_IP_LIMIT_PER_MINUTE: '1000',
    AUTH_ACCOUNT_LIMIT_PER_15_MINUTES: '1000',
  });
  const app = Fastify({ logger, bodyLimit: 16 * 1024 });
  const database = openSqliteDatabase(config.DATABASE_FILE);
  app.addHook('onClose', () => database.close());
  await migrateToLatest(database.db);
  const authDependencies = {
    config,
    db: database.db,
    secret: config.AUTH_SECRET ?? '',
    localOidcClientSecret: 'test-local-oidc-client-secret',
  };
  await migrateAuthTables(authDependencies);
  const auth = createAuth(authDependencies);

  crossSiteGuard(app, { publicUrl: config.PUBLIC_URL });
  await app.register(authRoutes, { auth, config });
  await app.register(paymentProviderPlugin, {
    publicUrl: config.PUBLIC_URL,
    db: database.db,
    tokenAttemptsPerMinute: 10_000,
  });
  await app.register(ordersRoutes, {
    auth,
    db: database.db,
    payments,
    receiptSecret: 'test-receipt-secret',
  });
  await app.ready();
  return { app, db: database.db };
}

export type PaymentsTestApp = Awaited<ReturnType<typeof buildPaymentsTestApp>>['app'];

/** A card as the widget's frame sends it. */
export function testCard(number = '4242 4242 4242 4242', overrides: Record<string, unknown> = {}) {
  return {
    number,
    expMonth: 12,
    expYear: new Date().getFullYear() + 2,
    cvc: '123',
    ...overrides,
  };
}

/** Asks the provider for a token, as the widget's frame does; returns the response. */
export function requestToken(
  app: PaymentsTestApp,
  { card = testCard(), key = 'pk_test_crwn_clothing', ...rest }: Record<string, unknown> = {},
) {
  return app.inject({
    method: 'POST',
    url: '/pay/v1/tokens',
    headers: { 'sec-fetch-site': 'same-origin' },
    payload: { key, card, email: 'ada@example.com', ...rest },
  });
}

/** A fresh token for a card that succeeds (or `number`). */
export async function newToken(app: PaymentsTestApp, number?: string): Promise<string> {
  const response = await requestToken(app, { card: testCard(number) });
  if (response.statusCode !== 200) throw new Error(`token refused: ${response.body}`);
  return response.json<{ id: string }>().id;
}
