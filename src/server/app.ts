import Fastify from 'fastify';
import path from 'node:path';
import {
  accountSelfServiceModule,
  accountsModule,
} from '#server/modules/accounts/accounts-module.ts';
import { auditModule } from '#server/modules/audit/audit-module.ts';
import { backOfficeModule } from '#server/modules/backoffice/backoffice-module.ts';
import { cartsModule } from '#server/modules/carts/carts-module.ts';
import { catalogueModule } from '#server/modules/catalogue/catalogue-module.ts';
import { mailModule } from '#server/modules/mail/mail-module.ts';
import { ordersModule, type OrdersModuleOptions } from '#server/modules/orders/orders-module.ts';
import { PAYMENT_BASE_PATH, paymentsModule } from '#server/modules/payments/payments-module.ts';
import { picturesModule } from '#server/modules/pictures/pictures-module.ts';
import { profilesModule } from '#server/modules/profiles/profiles-module.ts';
import { settingsModule } from '#server/modules/settings/settings-module.ts';
import type { ShopDatabase } from '#server/platform/database/database.ts';
import {
  loggerOptions,
  requestLogController,
  type LogDestination,
} from '#server/platform/logger.ts';
import { platform } from '#server/platform/platform.ts';
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
  payments?: OrdersModuleOptions['payments'];
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

  await app.register(platform, {
    config,
    database: overrides.database,
    paymentPathPrefix: PAYMENT_BASE_PATH,
  });
  // The modules, each after those it declares it depends on. Their hooks are the application's:
  // accounts' signed-in hint runs before the routes of every module after it (ADR 022).
  await app.register(settingsModule);
  await app.register(accountsModule);
  await app.register(picturesModule);
  await app.register(mailModule, { now: overrides.mailClock });
  await app.register(profilesModule);
  await app.register(catalogueModule);
  await app.register(paymentsModule);
  await app.register(ordersModule, { payments: overrides.payments });
  await app.register(cartsModule);
  await app.register(accountSelfServiceModule);
  await app.register(auditModule);
  await app.register(backOfficeModule);

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
    pageStatus: { '/checkout/confirmation': app.confirmationPageStatus },
    // The catalogue's pages are rendered from it at run time (ADR 035).
    catalogue: app.catalogueService.reader,
    // The shop's name in every page, its contact page and its products' brand (ADR 048).
    shop: app.settings,
    frontCache,
  });
  return app;
}
