import accepts from '@fastify/accepts';
import Fastify, { type FastifyInstance } from 'fastify';
import path from 'node:path';
import {
  createAccountRolesService,
  createAccountsService,
} from '#server/modules/accounts/accounts-service.ts';
import { lazyAuth } from '#server/modules/accounts/lazy-auth.ts';
import { authRoutes } from '#server/modules/accounts/auth-routes.ts';
import { accountRoutes } from '#server/modules/accounts/account-routes.ts';
import { createAuditService } from '#server/modules/audit/audit-service.ts';
import { backOfficeRoutes } from '#server/modules/backoffice/backoffice-routes.ts';
import {
  createAccountSelfService,
  type AccountSelfService,
} from '#server/modules/accounts/account-self-service.ts';
import { createSessionEvents } from '#server/modules/accounts/session-events.ts';
import {
  LOCAL_OIDC_CLIENT_ID,
  LOCAL_OIDC_PATH,
  googleCallbackUrl,
} from '#server/modules/accounts/google-provider.ts';
import { googlePopupRoutes } from '#server/modules/accounts/google-popup-routes.ts';
import { signedInHintRepair } from '#server/modules/accounts/signed-in-hint.ts';
import { createLocalAccountRepository } from '#server/modules/local-oidc/local-account-repository.ts';
import { localOidcPlugin } from '#server/modules/local-oidc/local-oidc-plugin.ts';
import { createLocalOidcService } from '#server/modules/local-oidc/local-oidc-service.ts';
import { createProviderSessions } from '#server/modules/local-oidc/provider-sessions.ts';
import { createProviderStateRepository } from '#server/modules/local-oidc/provider-state-repository.ts';
import {
  createCatalogueService,
  seedCatalogue,
} from '#server/modules/catalogue/catalogue-service.ts';
import { catalogueRoutes } from '#server/modules/catalogue/catalogue-routes.ts';
import { createCartService } from '#server/modules/carts/carts-service.ts';
import { cartsRoutes } from '#server/modules/carts/carts-routes.ts';
import { createMailService, type MailService } from '#server/modules/mail/mail-service.ts';
import { mailRoutes } from '#server/modules/mail/mail-routes.ts';
import {
  confirmationUrl,
  orderConfirmationMail,
  queueRefundMails,
  queueShippedMail,
} from '#server/modules/mail/order-mails.ts';
import { createOrderService } from '#server/modules/orders/orders-service.ts';
import { confirmationPageStatus, ordersRoutes } from '#server/modules/orders/orders-routes.ts';
import { reconcileOrders } from '#server/modules/orders/orders-reconciliation.ts';
import {
  createLocalPaymentProvider,
  createPaymentService,
  type PaymentProvider,
} from '#server/modules/payments/payments-service.ts';
import { PAYMENT_BASE_PATH, paymentsRoutes } from '#server/modules/payments/payments-routes.ts';
import { createPictureService } from '#server/modules/pictures/pictures-service.ts';
import { picturesRoutes } from '#server/modules/pictures/pictures-routes.ts';
import {
  createSettingsService,
  SHOP_LOGO_DATA_URL,
} from '#server/modules/settings/settings-service.ts';
import type { ShopSettings } from '#shared/shop-settings.ts';
import { createProfileHub } from '#server/modules/profiles/profile-hub.ts';
import { createProfileRepository } from '#server/modules/profiles/profile-repository.ts';
import { createProfileService } from '#server/modules/profiles/profiles-service.ts';
import { profilesRoutes } from '#server/modules/profiles/profiles-routes.ts';
import {
  openPostgresDatabase,
  openSqliteDatabase,
  type ShopDatabase,
} from '#server/platform/database/database.ts';
import { migrateToLatest, withMigrationLock } from '#server/platform/database/migrate.ts';
import { canonicalHost } from '#server/platform/http/canonical-host.ts';
import { compression } from '#server/platform/http/compression.ts';
import { crossSiteGuard } from '#server/platform/http/cross-site-guard.ts';
import { apiContract } from '#server/platform/http/api-contract.ts';
import { errorHandler } from '#server/platform/http/error-handler.ts';
import { jsonBodies } from '#server/platform/http/json-body.ts';
import { separateHosts } from '#server/platform/http/separate-hosts.ts';
import { securityHeaders } from '#server/platform/http/security-headers.ts';
import {
  authLogger,
  loggerOptions,
  requestLogController,
  type LogDestination,
} from '#server/platform/logger.ts';
import { openNotifications } from '#server/platform/notifications.ts';
import { rateLimits } from '#server/platform/rate-limit.ts';
import { deriveSecret, loadAuthSecret } from '#server/platform/secrets.ts';
import { shopLogoRoutes } from '#server/site/shop-identity.ts';
import { backOfficeApp } from '#server/site/back-office-app.ts';
import { FrontCache } from '#server/site/front-cache.ts';
import { prerenderedPages } from '#server/site/prerendered-pages.ts';
import { staticFiles } from '#server/site/static-files.ts';
import type { Config } from './config.ts';

/** Bodies of this API are small forms; anything larger is a mistake or an attack. */
const BODY_LIMIT_BYTES = 16 * 1024;

/** Parts a test may put in place of the embedded defaults. */
export interface AppOverrides {
  /** An open database (a test keeps its handle to look at the rows). */
  database?: ShopDatabase;
  /**
   * Makes the card payment provider orders charge through, given the shop's database (where the
   * test-mode provider keeps its charges): a stand-in can wrap `createLocalPaymentProvider(db)`.
   */
  payments?: (db: ShopDatabase['db']) => PaymentProvider;
  /** Where log lines go in place of stdout (format and level still follow the configuration). */
  logTo?: LogDestination;
  /** Epoch milliseconds for the mail queue (a test moves time on to reach a retry). */
  mailClock?: () => number;
}

/**
 * Builds the shop's server without listening, so tests can call `app.inject()`. It composes the
 * platform (database, guards, limits), then the product modules, then the built site (unless
 * SERVE_SITE is false), which answers every path the others do not.
 */
export async function buildApp(config: Config, overrides: AppOverrides = {}) {
  // The catalogue's pages for visitors without cookies, answered before Fastify (ADR 043).
  const frontCache = new FrontCache();
  const app = Fastify({
    serverFactory: frontCache.serverFactory(),
    logger: loggerOptions(config, overrides.logTo),
    logController: requestLogController(),
    bodyLimit: BODY_LIMIT_BYTES,
    // request.ip (every per-IP limit) and request.protocol: from forwarded headers only when
    // they come from a trusted proxy.
    trustProxy: config.TRUST_PROXY,
  });
  frontCache.logTo(app.log);

  // Platform.
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
  const secret = loadAuthSecret(config);
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
    pathPrefix: `${PAYMENT_BASE_PATH}/`,
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
  const createLimiter = await rateLimits(app, { database });
  // The shop's name and contact details (ADR 048), which pages, emails and the widget show.
  const settings = createSettingsService({ db: database.db, notifications });
  app.addHook('onClose', () => settings.close());
  // Pictures uploaded in the back office, served from the database to every server (ADR 046).
  const pictures = createPictureService({ db: database.db });
  const mail = await openMail(app, config, database.db, {
    now: overrides.mailClock,
    shop: settings.settings,
  });

  // Accounts, and the local OpenID provider that stands in for Google without credentials.
  const localOidcClientSecret = deriveSecret(secret, 'local-oidc-client');
  const authDependencies = {
    config,
    db: database.db,
    secret,
    localOidcClientSecret,
    logger: authLogger(app.log, config.LOG_LEVEL),
  };
  // Servers starting together on one PostgreSQL take turns (ADR 029). better-auth's tables are
  // among the shop's migrations (ADR 049).
  await withMigrationLock(database, async () => {
    await migrateToLatest(database.db);
    // The spec's catalogue on first start only (ADR 034).
    await seedCatalogue(database.db);
  });
  const sessionEvents = createSessionEvents(notifications);
  // Made below, once the modules it needs exist; sign-ups cannot start before the server listens.
  const late: { selfService?: AccountSelfService } = {};
  // Loaded with the first request that carries a session cookie or reaches /api/auth (ADR 049).
  const auth = lazyAuth({
    ...authDependencies,
    sessionEvents,
    onUserCreated: async (user) => {
      if (user.emailVerified) return;
      try {
        await late.selfService?.sendVerification(user);
      } catch (error) {
        app.log.error({ err: error, userId: user.id }, 'verification email not queued');
      }
    },
  });
  const accounts = createAccountsService(auth, sessionEvents);
  // Only when switched on (ADR 018); never quietly where real shoppers are.
  const localGoogle = config.LOCAL_GOOGLE === 'on';
  // In the database, so every server carries on the same sign-ins (ADR 032).
  const providerState = createProviderStateRepository(database.db);
  const providerSessions = createProviderSessions({
    issuerPath: LOCAL_OIDC_PATH,
    secure: config.PUBLIC_URL.startsWith('https://'),
    state: providerState,
  });
  if (localGoogle) {
    if (config.NODE_ENV === 'production' || config.PUBLIC_URL.startsWith('https://')) {
      app.log.warn(
        `The local stand-in for Google runs at ${LOCAL_OIDC_PATH} (LOCAL_GOOGLE=on): anyone can make an account on it. For real shoppers set GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET, or LOCAL_GOOGLE=off.`,
      );
    }
    await app.register(localOidcPlugin, {
      issuer: `${config.PUBLIC_URL}${LOCAL_OIDC_PATH}`,
      clients: [
        {
          clientId: LOCAL_OIDC_CLIENT_ID,
          clientSecret: localOidcClientSecret,
          redirectUris: [googleCallbackUrl(config.PUBLIC_URL)],
        },
      ],
      accounts: createLocalOidcService(createLocalAccountRepository(database.db)),
      state: providerState,
      cookieKeys: [deriveSecret(secret, 'local-oidc-cookies')],
      secureCookies: config.PUBLIC_URL.startsWith('https://'),
      loginLimiter: createLimiter({
        name: 'google-stand-in-ip',
        max: config.AUTH_IP_LIMIT_PER_MINUTE,
        windowMs: 60_000,
      }),
      appName: async () => (await settings.settings()).name,
    });
  }
  // Before every route it keeps in step, pages included (ADR 022).
  signedInHintRepair(app, { secure: config.PUBLIC_URL.startsWith('https://') });
  await app.register(authRoutes, {
    auth,
    config,
    createLimiter,
    // The shop's sign-out also signs the browser out of the stand-in.
    onSignOut: localGoogle ? providerSessions.endSession : undefined,
  });
  // After the hint's hook, which a plugin's routes get only if it was added first.
  await app.register(picturesRoutes, { pictures });
  await app.register(googlePopupRoutes, {
    auth,
    config,
    available: localGoogle || Boolean(config.GOOGLE_CLIENT_ID),
  });

  // Profiles, payments, orders.
  const profileRepository = createProfileRepository(database.db);
  const profiles = createProfileService({
    repository: profileRepository,
    hub: createProfileHub({ notifications, find: profileRepository.find, log: app.log }),
  });
  // The catalogue, as every page and the API read it (ADR 034).
  const catalogue = createCatalogueService({ db: database.db, notifications });
  app.addHook('onClose', () => catalogue.close());
  app.decorate('catalogue', catalogue.reader);
  app.decorate('onCatalogueChange', catalogue.onCatalogueChange);
  await app.register(catalogueRoutes, { reader: catalogue.reader });
  await notifications.ready();
  await app.register(profilesRoutes, { accounts, profiles });
  // The card widget and its token service: the shop's stand-in for a payment provider.
  await app.register(paymentsRoutes, {
    publicUrl: config.PUBLIC_URL,
    paymentUrl: config.PAYMENT_URL,
    // Built beside the client by `npm run build` (ADR 056); `npm run dev` builds it at start.
    widgetDir: path.resolve(config.CLIENT_DIR, '../widget'),
    payments: createPaymentService(database.db),
    createLimiter,
    tokenAttemptsPerMinute: config.PAYMENT_TOKEN_LIMIT_PER_MINUTE,
    // The card form names the shop as its owner set it (ADR 048).
    merchant: async () => {
      const { name, logo } = await settings.settings();
      // The logo travels inside the form, which lives on the provider's origin (as a real
      // provider keeps the merchant's logo itself).
      const file = logo && (await pictures.variant(`${logo.split('/').at(-1) ?? ''}-160.jpg`));
      return {
        name,
        image: file
          ? `data:image/jpeg;base64,${file.bytes.toString('base64')}`
          : SHOP_LOGO_DATA_URL,
      };
    },
  });
  const orders = createOrderService({
    db: database.db,
    catalogue,
    payments: (overrides.payments ?? createLocalPaymentProvider)(database.db),
    receiptSecret: deriveSecret(secret, 'order-receipts'),
    // Queued, never sent in the request: a slow mail server does not hold up the checkout.
    onPaid: async (order, receipt) => {
      try {
        await mail.queue(
          `order-confirmation:${order.id}`,
          order.email,
          orderConfirmationMail(order, confirmationUrl(config.PUBLIC_URL, order.id, receipt)),
        );
      } catch (error) {
        app.log.error({ err: error, orderId: order.id }, 'order confirmation not queued');
      }
    },
    confirmationQueued: (orderId) => mail.isQueued(`order-confirmation:${orderId}`),
    // Queued once per order (ADR 040). Unlike a payment, nothing waits on it but the owner who
    // marked the order shipped, who is told if it fails and may give the shipment again.
    onShipped: queueShippedMail(mail, config.PUBLIC_URL),
    // Refunds and cancellations (ADR 047): one email per refund, one per cancelled order.
    ...queueRefundMails(mail, config.PUBLIC_URL),
    logRefundError: (error, refundId) =>
      app.log.error({ err: error, refundId }, 'refund left pending: the provider was not reached'),
  });
  // Orders whose request died after the charge (ADR 030).
  await reconcileOrders(app, orders);
  await app.register(ordersRoutes, { accounts, orders });
  const roles = createAccountRolesService(auth, database.db);
  if (!config.SMTP_URL) {
    await app.register(mailRoutes, {
      mail,
      viewer: async (request) => {
        const session = await accounts.currentSession(request.headers);
        if (!session) return 'anonymous';
        return (await roles.roleOf(session.user.id)) === 'owner' ? 'owner' : 'signed-in';
      },
      openOnThisMachine: config.NODE_ENV === 'development',
    });
  }
  // Each signed-in shopper's cart, kept with the account (ADR 025).
  const carts = createCartService({ db: database.db, catalogue: catalogue.reader });
  const selfService = createAccountSelfService({
    auth,
    db: database.db,
    publicUrl: config.PUBLIC_URL,
    log: app.log,
    queueMail: (eventKey, recipient, content) => mail.queue(eventKey, recipient, content),
    forgetMail: (recipient) => mail.forgetRecipient(recipient),
    profiles,
    orders,
    carts,
  });
  late.selfService = selfService;
  await app.register(accountRoutes, {
    accounts,
    selfService,
    createLimiter,
    ipLimitPerMinute: config.AUTH_IP_LIMIT_PER_MINUTE,
    accountLimitPer15Minutes: config.AUTH_ACCOUNT_LIMIT_PER_15_MINUTES,
    secureCookies: config.PUBLIC_URL.startsWith('https://'),
  });
  // The back office's API (issue 14, ADR 042): staff and owners only.
  await app.register(backOfficeRoutes, {
    accounts,
    roles,
    orders,
    audit: createAuditService({ db: database.db }),
    lowStock: () => catalogue.lowStock(),
    catalogueAdmin: catalogue.admin,
    pictureStored: (imageUrl, kind) => pictures.isStored(imageUrl, kind),
    uploadPicture: (bytes, kind, uploadedBy) => pictures.upload(bytes, kind, uploadedBy),
    settings,
    isLogoStored: (imageUrl) => pictures.isStored(imageUrl, 'logo'),
    createLimiter,
  });
  await app.register(cartsRoutes, {
    accounts,
    carts,
    createLimiter,
    writesPerMinute: config.CART_WRITE_LIMIT_PER_MINUTE,
  });

  // The built site: files, pages, and the not-found page for every other path. In `npm run dev`,
  // Vite serves the pages and files and passes the rest here.
  if (!config.SERVE_SITE) return app;
  await app.register(staticFiles, { clientDir: config.CLIENT_DIR });
  // The uploaded logo's style sheet, which every page links while the shop has one (ADR 048).
  await app.register(shopLogoRoutes);
  // The back office's own app, built beside the storefront (ADR 044).
  await app.register(backOfficeApp, {
    adminDir: path.resolve(config.CLIENT_DIR, '../admin'),
    https: config.PUBLIC_URL.startsWith('https://'),
  });
  await app.register(prerenderedPages, {
    clientDir: config.CLIENT_DIR,
    publicUrl: config.PUBLIC_URL,
    // The card widget's origin, whose script and frame the pages' CSP allows.
    paymentOrigin: new URL(config.PAYMENT_URL).origin,
    pageStatus: { '/checkout/confirmation': confirmationPageStatus({ accounts, orders }) },
    // The catalogue's pages are rendered from it at run time (ADR 035).
    catalogue: catalogue.reader,
    // The shop's name in every page, its contact page and its products' brand (ADR 048).
    shop: settings,
    frontCache,
  });
  return app;
}

/**
 * The mail queue and this server's worker (ADR 038): over SMTP when SMTP_URL is set, else into
 * the shop's own outbox, printed with its links for a person at a terminal in development.
 */
async function openMail(
  app: FastifyInstance,
  config: Config,
  db: ShopDatabase['db'],
  { now, shop }: { now: (() => number) | undefined; shop: () => Promise<ShopSettings> },
): Promise<MailService> {
  const transport = config.SMTP_URL
    ? (await import('nodemailer')).createTransport({
        url: config.SMTP_URL,
        // Shorter than the worker's lease, so no other worker takes a row still being sent.
        connectionTimeout: 20_000,
        greetingTimeout: 20_000,
        socketTimeout: 60_000,
      })
    : null;
  const development = config.NODE_ENV === undefined || config.NODE_ENV === 'development';
  const mail = createMailService({
    db,
    transport,
    from: config.MAIL_FROM ?? 'CRWN Clothing <hello@crwn-clothing.example>',
    log: app.log,
    print: development && process.stdout.isTTY ? (text) => process.stdout.write(text) : undefined,
    now,
    shop,
  });
  app.addHook('onReady', (done) => {
    mail.start();
    done();
  });
  app.addHook('onClose', async () => {
    await mail.stop();
    transport?.close();
  });
  return mail;
}
