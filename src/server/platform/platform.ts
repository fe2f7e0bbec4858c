import accepts from '@fastify/accepts';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '#server/config.ts';
import {
  openPostgresDatabase,
  openSqliteDatabase,
  type ShopDatabase,
} from './database/database.ts';
import { migrateToLatest, withMigrationLock } from './database/migrate.ts';
import { apiContract } from './http/api-contract.ts';
import { canonicalHost } from './http/canonical-host.ts';
import { compression } from './http/compression.ts';
import { crossSiteGuard } from './http/cross-site-guard.ts';
import { errorHandler } from './http/error-handler.ts';
import { jsonBodies } from './http/json-body.ts';
import { securityHeaders } from './http/security-headers.ts';
import { separateHosts } from './http/separate-hosts.ts';
import { openNotifications, type Notifications } from './notifications.ts';
import { rateLimits, type CreateLimiter } from './rate-limit.ts';
import { loadAuthSecret } from './secrets.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The validated configuration the app was built with. */
    config: Config;
    /** The shop's database, migrated; only repositories reach its `db`. */
    database: ShopDatabase;
    /** Publish/subscribe for every server on the database (ADR 031). */
    notifications: Notifications;
    /** The secret every other is derived from, with `deriveSecret(secret, purpose)`. */
    secret: string;
    /** Makes a named limit counted for every server on the database (rate-limit.ts). */
    createLimiter: CreateLimiter;
  }
}

export interface PlatformOptions {
  config: Config;
  /** An open database in place of the configured one (a test keeps its handle). */
  database?: ShopDatabase;
  /** What the payment host serves, and all it serves (ADR 019): the payments module's prefix. */
  paymentPathPrefix: string;
}

/**
 * What every module builds on: the database (migrated), notifications, the secret, the HTTP
 * guards and headers, the error handler, the API contract, compression and the rate limits.
 * Its hooks are the application's own (fastify-plugin), so they run before every route.
 */
export const platform = fp(
  async (app: FastifyInstance, { config, paymentPathPrefix, ...overrides }: PlatformOptions) => {
    const database =
      overrides.database ??
      (config.DATABASE_URL
        ? await openPostgresDatabase(config.DATABASE_URL, {
            maxConnections: config.DATABASE_POOL_SIZE,
            onIdleError: (error) => app.log.warn({ err: error }, 'database connection lost'),
          })
        : openSqliteDatabase(config.DATABASE_FILE));
    app.addHook('onClose', () => database.close());
    // Live events reach every server on the database (ADR 031).
    const notifications = openNotifications(database, app.log);
    app.addHook('onClose', () => notifications.close());
    app.decorate('config', config);
    app.decorate('database', database);
    app.decorate('notifications', notifications);
    app.decorate('secret', loadAuthSecret(config));
    errorHandler(app);
    // Schemas, the error body and no-store for every /api route (ADR 054).
    await apiContract(app);
    jsonBodies(app);
    // One address for the shop (ADR 024): another host name would fail sign-in's origin checks.
    canonicalHost(app, { publicUrl: config.PUBLIC_URL, otherUrls: [config.PAYMENT_URL] });
    crossSiteGuard(app, { publicUrl: config.PUBLIC_URL, otherUrls: [config.PAYMENT_URL] });
    // The card form on an origin of its own (ADR 019): the payment host serves /pay/ only.
    separateHosts(app, {
      host: new URL(config.PAYMENT_URL).host,
      pathPrefix: `${paymentPathPrefix}/`,
    });
    // Every response gets a strict CSP; each page sets its own (docs/decisions/020).
    securityHeaders(app, {
      contentSecurityPolicy: false,
      // The Google sign-in popup reports back to the page that opened it; plain same-origin
      // would cut that link as soon as the popup visits the provider.
      crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    });
    await app.register(accepts);
    await compression(app);
    app.decorate('createLimiter', await rateLimits(app, { database }));
    // Servers starting together on one PostgreSQL take turns (ADR 029). better-auth's tables are
    // among the shop's migrations (ADR 049).
    await withMigrationLock(database, () => migrateToLatest(database.db));
  },
  { name: 'platform' },
);
