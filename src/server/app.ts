import Fastify, { type FastifyInstance } from 'fastify';
import { createAttemptLimiter } from './auth/attempt-limiter.ts';
import { createAuth, migrateAuthTables } from './auth/auth.ts';
import {
  LOCAL_OIDC_CLIENT_ID,
  LOCAL_OIDC_PATH,
  googleCallbackUrl,
} from './auth/google-provider.ts';
import { createLocalAccountRepository } from './auth/local-oidc/local-account-repository.ts';
import { localOidcPlugin } from './auth/local-oidc/local-oidc-plugin.ts';
import { deriveSecret, loadAuthSecret } from './auth/secrets.ts';
import type { Config } from './config.ts';
import { openSqliteDatabase, type ShopDatabase } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import { crossSiteGuard } from './http/cross-site-guard.ts';
import { securityHeaders } from './http/security-headers.ts';
import { paymentProviderPlugin } from './payments/payment-provider-plugin.ts';
import { createLocalPaymentProvider } from './payments/payment-provider.ts';
import { prerenderedPages } from './plugins/prerendered-pages.ts';
import { staticFiles } from './plugins/static-files.ts';
import { authLogger, loggerOptions, type LogDestination } from './platform/logger.ts';
import { createProfileHub } from './profiles/profile-hub.ts';
import { createProfileRepository } from './profiles/profile-repository.ts';
import { authRoutes } from './routes/auth/auth-routes.ts';
import { ordersRoutes } from './routes/orders/orders-routes.ts';
import { googlePopupRoutes } from './routes/auth/google-popup-routes.ts';
import { usersRoutes } from './routes/users/users-routes.ts';

/**
 * The local OpenID provider that stands in for Google when no Google credentials are set, with
 * its password form limited per IP like the shop's own sign-in.
 */
async function registerLocalGoogle(
  app: FastifyInstance,
  config: Config,
  db: ShopDatabase['db'],
  { secret, localOidcClientSecret }: { secret: string; localOidcClientSecret: string },
) {
  const perIp = createAttemptLimiter({ max: config.AUTH_IP_LIMIT_PER_MINUTE, windowMs: 60_000 });
  app.addHook('onRequest', async (request, reply) => {
    if (request.method !== 'POST' || !/^\/oidc\/interaction\/[^/]+\/login$/.test(request.url))
      return;
    const wait = perIp.hit(request.ip);
    if (wait > 0) {
      return reply
        .status(429)
        .header('retry-after', String(wait))
        .type('text/plain')
        .send('Too many attempts. Try again in a minute.');
    }
  });
  await app.register(localOidcPlugin, {
    issuer: `${config.PUBLIC_URL}${LOCAL_OIDC_PATH}`,
    clients: [
      {
        clientId: LOCAL_OIDC_CLIENT_ID,
        clientSecret: localOidcClientSecret,
        redirectUris: [googleCallbackUrl(config.PUBLIC_URL)],
      },
    ],
    accounts: createLocalAccountRepository(db),
    cookieKeys: [deriveSecret(secret, 'local-oidc-cookies')],
    secureCookies: config.PUBLIC_URL.startsWith('https://'),
  });
}

/** Bodies of this API are small forms; anything larger is a mistake or an attack. */
const BODY_LIMIT_BYTES = 16 * 1024;

/**
 * Builds the shop's server without listening, so tests can call `app.inject()`: the database
 * (migrated), accounts, profile documents, and the built pages (unless SERVE_SITE is false).
 * `logTo` replaces stdout as the log's destination.
 */
export async function buildApp(config: Config, { logTo }: { logTo?: LogDestination } = {}) {
  const app = Fastify({ logger: loggerOptions(config, logTo), bodyLimit: BODY_LIMIT_BYTES });

  const database = openSqliteDatabase(config.DATABASE_FILE);
  app.addHook('onClose', () => database.close());
  await migrateToLatest(database.db);

  const secret = loadAuthSecret(config);
  const authDependencies = {
    config,
    db: database.db,
    secret,
    localOidcClientSecret: deriveSecret(secret, 'local-oidc-client'),
    logger: authLogger(app.log, config.LOG_LEVEL),
  };
  await migrateAuthTables(authDependencies);
  const auth = createAuth(authDependencies);
  const profiles = createProfileRepository(database.db);
  const hub = createProfileHub();

  crossSiteGuard(app, { publicUrl: config.PUBLIC_URL });
  securityHeaders(app, {
    // The prerendered pages carry React Router's inline boot scripts; a CSP needs their hashes
    // at build time, not done yet. The other headers apply.
    contentSecurityPolicy: false,
    // The Google sign-in popup reports back to the page that opened it; plain same-origin
    // would cut that link as soon as the popup visits the provider.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
  });

  if (!config.GOOGLE_CLIENT_ID) {
    await registerLocalGoogle(app, config, database.db, authDependencies);
  }
  await app.register(authRoutes, { auth, config });
  googlePopupRoutes(app, { auth, config });
  usersRoutes(app, { auth, profiles, hub });

  // The card widget and its token service: the shop's stand-in for a payment provider.
  await app.register(paymentProviderPlugin, {
    publicUrl: config.PUBLIC_URL,
    db: database.db,
    tokenAttemptsPerMinute: config.PAYMENT_TOKEN_LIMIT_PER_MINUTE,
  });
  await app.register(ordersRoutes, {
    auth,
    db: database.db,
    payments: createLocalPaymentProvider(),
    receiptSecret: deriveSecret(secret, 'order-receipts'),
  });

  // In `npm run dev`, Vite serves the pages and files and passes the rest here.
  if (!config.SERVE_SITE) return app;
  await app.register(staticFiles, { clientDir: config.CLIENT_DIR });
  await app.register(prerenderedPages, {
    clientDir: config.CLIENT_DIR,
    publicUrl: config.PUBLIC_URL,
  });
  return app;
}
