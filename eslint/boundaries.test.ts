import path from 'node:path';
import { ESLint, type Linter } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
import {
  RESTRICTIONS,
  boundaryBlocks,
  crossFeature,
  crossModule,
  folderNames,
} from './boundaries.js';

const repoRoot = path.resolve(import.meta.dirname, '..');

/** The server modules of issue #8's layout; their folders need not exist yet. */
const MODULES = ['accounts', 'carts', 'catalogue', 'orders', 'payments'];

/** Lints with the boundary blocks alone, parsing TypeScript without type information. */
function boundaryLinter(blocks: Linter.Config[]) {
  return new ESLint({
    cwd: repoRoot,
    overrideConfigFile: true,
    overrideConfig: [{ languageOptions: { parser: tseslint.parser } }, ...blocks],
  });
}
const linter = boundaryLinter(
  boundaryBlocks({ features: ['cart', 'orders', 'shop', 'user'], modules: MODULES }),
);

async function lint(file: string, code: string) {
  const [result] = await linter.lintText(code, { filePath: file });
  return result!.messages;
}

// One fragment per rule, written out rather than imported, so that a changed message is a
// deliberate change here too.
const SHARED_SIDES = 'src/shared imports nothing from the client or the server';
const SHARED_REACT = 'src/shared is pure: no React';
const SHARED_FASTIFY = 'src/shared is pure: no Fastify';
const SHARED_NODE = 'src/shared is pure: no Node built-ins';
const CLIENT_SERVER = 'The client never imports server code';
const CLIENT_NODE = 'The client runs in the browser: no Node built-ins';
const CLIENT_FASTIFY = 'The client never imports Fastify';
const RAW_REDUX = 'Use useAppSelector and useAppDispatch from #client/app/hooks.ts';
const CROSS_FEATURE = 'A feature reaches another only through its slice';
const SERVER_CLIENT = 'The server never imports client code';
const SERVER_REACT = 'The server never imports React';
const PLATFORM_MODULES = 'platform/ never imports a module';
const PLATFORM_SITE = 'platform/ never imports site/';
const SITE_MODULES = 'site/ serves the built site and never imports a module';
const ROUTES_DATABASE = "Routes call their module's service; only repositories touch the database";
const CROSS_MODULE = "A module reaches another only through that module's <name>-service.ts or";
const MODULE_ENTRIES = "app.ts composes modules through each module's entry file";
const TEST_HELPERS = 'Only tests import test helpers';
const PARENT_PATH = 'instead of a ../ path';
const ZOD = 'Import z from #shared/zod.ts';
const STOREFRONT_ADMIN = 'The storefront never imports the back office';
const ADMIN_OWN = 'The back office imports only its own code';
const BOTH_APPS = 'The API client both apps use (#client/api/) imports neither app’s code';
const SEED_CATALOGUE = 'The seed catalogue is data the catalogue module seeds from and tests use';

/** [file, code, fragment of the message expected] */
const VIOLATIONS: [string, string, string][] = [
  // src/shared
  ['src/shared/cart.ts', "import { makeStore } from '#client/app/store.ts';", SHARED_SIDES],
  ['src/shared/cart.ts', "import { buildApp } from '#server/app.ts';", SHARED_SIDES],
  ['src/shared/cart.ts', "import { header } from './client/header.ts';", SHARED_SIDES],
  ['src/shared/cart.ts', "export { buildApp } from '#server/app.ts';", SHARED_SIDES],
  ['src/shared/cart.ts', "const { buildApp } = await import('#server/app.ts');", SHARED_SIDES],
  ['src/shared/cart.ts', "import { useState } from 'react';", SHARED_REACT],
  ['src/shared/cart.ts', "import { Provider } from 'react-redux';", SHARED_REACT],
  ['src/shared/cart.ts', "const React = await import('react');", SHARED_REACT],
  ['src/shared/cart.ts', "import Fastify from 'fastify';", SHARED_FASTIFY],
  ['src/shared/orders.ts', "import { z } from 'zod';", ZOD],
  ['src/shared/orders.ts', "const { z } = await import('zod');", ZOD],
  ['src/client/lib/api-client.ts', "import { z } from 'zod/v4';", ZOD],
  ['src/shared/cart.ts', "import cookie from '@fastify/cookie';", SHARED_FASTIFY],
  ['src/shared/cart.ts', "import fs from 'fs';", SHARED_NODE],
  ['src/shared/cart.ts', "import { readFile } from 'fs/promises';", SHARED_NODE],
  ['src/shared/cart.ts', "import path from 'path';", SHARED_NODE],
  ['src/shared/cart.ts', "import { randomUUID } from 'node:crypto';", SHARED_NODE],
  ['src/shared/cart.ts', "export * from 'node:path';", SHARED_NODE],
  ['src/shared/cart.ts', "const { createHash } = await import('node:crypto');", SHARED_NODE],
  ['src/shared/cart.ts', 'const { createHash } = await import(`crypto`);', SHARED_NODE],
  ['src/shared/cart.test.ts', "import fs from 'node:fs';", SHARED_NODE],
  // src/client
  ['src/client/lib/api-client.ts', "import { buildApp } from '#server/app.ts';", CLIENT_SERVER],
  [
    'src/client/features/orders/orders-api.ts',
    "import type { Order } from '#server/modules/orders/orders-repository.ts';",
    CLIENT_SERVER,
  ],
  ['src/client/lib/api-client.ts', "export { buildApp } from '#server/app.ts';", CLIENT_SERVER],
  ['src/client/lib/api-client.ts', "const server = await import('#server/app.ts');", CLIENT_SERVER],
  [
    'src/client/lib/api-client.ts',
    "type App = ReturnType<typeof import('#server/app.ts').buildApp>;",
    CLIENT_SERVER,
  ],
  ['src/client/lib/api-client.ts', "import fs from 'fs';", CLIENT_NODE],
  ['src/client/lib/api-client.ts', "import fs from 'node:fs';", CLIENT_NODE],
  ['src/client/lib/api-client.ts', "import { Buffer } from 'buffer';", CLIENT_NODE],
  ['src/client/lib/api-client.ts', "const { join } = await import('path');", CLIENT_NODE],
  ['src/client/lib/api-client.ts', "export { readFile } from 'node:fs/promises';", CLIENT_NODE],
  ['src/client/lib/api-client.ts', "import Fastify from 'fastify';", CLIENT_FASTIFY],
  ['src/client/lib/api-client.ts', "import etag from '@fastify/etag';", CLIENT_FASTIFY],
  [
    'src/client/features/cart/components/cart-icon.tsx',
    "import { useSelector } from 'react-redux';",
    RAW_REDUX,
  ],
  ['src/client/app/layout/header.tsx', "import { useDispatch } from 'react-redux';", RAW_REDUX],
  ['src/client/lib/use-hydrated.ts', "export { useSelector } from 'react-redux';", RAW_REDUX],
  [
    'src/client/lib/use-hydrated.ts',
    "const { useDispatch } = await import('react-redux');",
    RAW_REDUX,
  ],
  [
    'src/client/lib/use-hydrated.ts',
    "const useSelector = (await import('react-redux')).useSelector;",
    RAW_REDUX,
  ],
  [
    'src/client/lib/use-hydrated.ts',
    "void import('react-redux').then(({ useSelector }) => useSelector);",
    RAW_REDUX,
  ],
  [
    'src/client/features/user/components/account-page.tsx',
    "import { CartIcon } from '#client/features/cart/components/cart-icon.tsx';",
    CROSS_FEATURE,
  ],
  [
    'src/client/features/user/components/forms/parts/name-field.tsx',
    "import { CartIcon } from '#client/features/cart/components/cart-icon.tsx';",
    CROSS_FEATURE,
  ],
  [
    'src/client/features/user/user-slice.ts',
    "import { Thing } from '#client/features/cart/components/parts/deep/thing.tsx';",
    CROSS_FEATURE,
  ],
  [
    'src/client/features/shop/components/collection-item.tsx',
    "import { ADD_ITEM_ATTRIBUTE } from '#client/features/cart/early-adds.ts';",
    CROSS_FEATURE,
  ],
  [
    'src/client/features/user/profile-api.ts',
    "import { fetchMyOrders } from '#client/features/orders/orders-api.ts';",
    CROSS_FEATURE,
  ],
  [
    'src/client/features/orders/components/pay-now.tsx',
    "import { useAuthForm } from '#client/features/user/components/use-auth-form.ts';",
    CROSS_FEATURE,
  ],
  [
    'src/client/features/user/components/account-page.tsx',
    "export { CartIcon } from '#client/features/cart/components/cart-icon.tsx';",
    CROSS_FEATURE,
  ],
  [
    'src/client/features/user/components/account-page.tsx',
    "const { Checkout } = await import('#client/features/cart/components/checkout.tsx');",
    CROSS_FEATURE,
  ],
  // The back office and the storefront (ADR 044)
  [
    'src/client/app/routes.ts',
    "import { BackOffice } from '#client/admin/back-office.tsx';",
    STOREFRONT_ADMIN,
  ],
  [
    'src/client/features/orders/components/pay-now.tsx',
    "const { formatDate } = await import('#client/admin/format.ts');",
    STOREFRONT_ADMIN,
  ],
  [
    'src/client/admin/orders/orders-screen.tsx',
    "import { OrderSummary } from '#client/features/orders/components/order-summary.tsx';",
    ADMIN_OWN,
  ],
  [
    'src/client/admin/back-office.tsx',
    "import { makeStore } from '#client/app/store.ts';",
    ADMIN_OWN,
  ],
  ['src/client/admin/api.ts', "import { request } from '#client/lib/api-client.ts';", ADMIN_OWN],
  ['src/client/api/api-client.ts', "import { API_BASE } from '#client/admin/api.ts';", BOTH_APPS],
  [
    'src/client/api/api-client.ts',
    "import { NETWORK_ERROR_MESSAGE } from '#client/lib/api-client.ts';",
    BOTH_APPS,
  ],
  ['src/client/api/api-client.ts', "import { z } from 'zod';", ZOD],
  [
    'src/client/admin/orders/orders-screen.test.tsx',
    "import { makeStore } from '#client/app/store.ts';",
    ADMIN_OWN,
  ],
  ['src/client/admin/api.ts', "import { buildApp } from '#server/app.ts';", CLIENT_SERVER],
  ['src/client/admin/api.ts', "import { stubApi } from '#client/test/stub-api.ts';", TEST_HELPERS],
  // src/server
  ['src/server/app.ts', "import { makeStore } from '#client/app/store.ts';", SERVER_CLIENT],
  ['src/server/app.ts', "import { header } from '../client/app/layout/header.tsx';", SERVER_CLIENT],
  [
    'src/server/site/prerendered-pages.ts',
    "const root = await import('#client/app/root.tsx');",
    SERVER_CLIENT,
  ],
  ['src/server/app.ts', "import { renderToString } from 'react-dom/server';", SERVER_REACT],
  ['src/server/site/pages.ts', "import { createElement } from 'react';", SERVER_REACT],
  [
    'src/server/platform/http/error-handler.ts',
    "import { OrderError } from '#server/modules/orders/orders-service.ts';",
    PLATFORM_MODULES,
  ],
  [
    'src/server/platform/database/migrate.ts',
    "const migrations = await import('#server/modules/orders/orders-migrations.ts');",
    PLATFORM_MODULES,
  ],
  [
    'src/server/platform/html/page.ts',
    "export { sitemap } from '#server/site/sitemap.ts';",
    PLATFORM_SITE,
  ],
  [
    'src/server/platform/html/page.ts',
    "import { sitemap } from '#server/site/sitemap.ts';",
    PLATFORM_SITE,
  ],
  [
    'src/server/site/sitemap.ts',
    "import { listCollections } from '#server/modules/catalogue/catalogue-service.ts';",
    SITE_MODULES,
  ],
  [
    'src/server/modules/orders/orders-routes.ts',
    "import { Kysely } from 'kysely';",
    ROUTES_DATABASE,
  ],
  [
    'src/server/modules/orders/orders-routes.ts',
    "import { jsonArrayFrom } from 'kysely/helpers/sqlite';",
    ROUTES_DATABASE,
  ],
  [
    'src/server/modules/orders/orders-routes.ts',
    "import Database from 'better-sqlite3';",
    ROUTES_DATABASE,
  ],
  ['src/server/modules/orders/orders-routes.ts', "import pg from 'pg';", ROUTES_DATABASE],
  [
    'src/server/modules/orders/orders-routes.ts',
    "import { openDatabase } from '#server/platform/database/database.ts';",
    ROUTES_DATABASE,
  ],
  [
    'src/server/modules/orders/orders-routes.ts',
    "import { findOrder } from './orders-repository.ts';",
    ROUTES_DATABASE,
  ],
  [
    'src/server/modules/orders/orders-routes.ts',
    "const { findOrder } = await import('./orders-repository.ts');",
    ROUTES_DATABASE,
  ],
  [
    'src/server/modules/orders/orders-routes.ts',
    "import { findAccount } from '#server/modules/accounts/accounts-repository.ts';",
    ROUTES_DATABASE,
  ],
  [
    'src/server/modules/orders/orders-routes.ts',
    "import { findAccount } from '#server/modules/accounts/accounts-repository.ts';",
    CROSS_MODULE,
  ],
  [
    'src/server/modules/orders/orders-service.ts',
    "import { findAccount } from '#server/modules/accounts/accounts-repository.ts';",
    CROSS_MODULE,
  ],
  [
    'src/server/modules/orders/checkout/place-order.ts',
    "import { charge } from '#server/modules/payments/provider/local-provider.ts';",
    CROSS_MODULE,
  ],
  [
    'src/server/modules/orders/orders-service.ts',
    "import { x } from '#server/modules/accounts/orders-service.ts';",
    CROSS_MODULE,
  ],
  [
    'src/server/modules/orders/orders-service.ts',
    "export { findAccount } from '#server/modules/accounts/accounts-repository.ts';",
    CROSS_MODULE,
  ],
  [
    'src/server/modules/orders/orders-service.ts',
    "const { findAccount } = await import('#server/modules/accounts/accounts-repository.ts');",
    CROSS_MODULE,
  ],
  // Test helpers, ../ paths
  [
    'src/client/features/cart/components/cart-icon.tsx',
    "import { renderWithProviders } from '#client/test/render-with-providers.tsx';",
    TEST_HELPERS,
  ],
  ['src/server/app.ts', "import { buildTestApp } from '#server/test/test-app.ts';", TEST_HELPERS],
  // The composition reaches a module through its entry file only (ADR 066).
  [
    'src/server/app.ts',
    "import { createOrderService } from '#server/modules/orders/orders-service.ts';",
    MODULE_ENTRIES,
  ],
  [
    'src/server/app.ts',
    "import { orderConfirmationMail } from '#server/modules/mail/order-mails.ts';",
    MODULE_ENTRIES,
  ],
  [
    'src/server/server.ts',
    "import { createProfileRepository } from '#server/modules/profiles/profile-repository.ts';",
    MODULE_ENTRIES,
  ],
  [
    'src/server/app.ts',
    "import { ordersModule } from '#server/modules/payments/orders-module.ts';",
    MODULE_ENTRIES,
  ],
  [
    'src/server/modules/orders/orders-service.ts',
    "import { sampleOrder } from './test/fixtures.ts';",
    TEST_HELPERS,
  ],
  [
    'src/server/modules/payments/payments-service.ts',
    "import { buildPaymentsTestApp } from './test-support.ts';",
    TEST_HELPERS,
  ],
  [
    'src/server/platform/logger.ts',
    "const { buildTestApp } = await import('#server/test/test-app.ts');",
    TEST_HELPERS,
  ],
  ['src/shared/cart.ts', "export { shopper } from '#shared/test/shoppers.ts';", TEST_HELPERS],
  ['scripts/build/precompress.ts', "import { x } from '#server/test/test-app.ts';", TEST_HELPERS],
  [
    'src/client/app/layout/header.tsx',
    "import { useAppSelector } from '../hooks.ts';",
    PARENT_PATH,
  ],
  ['src/client/app/layout/header.tsx', "const hooks = await import('../hooks.ts');", PARENT_PATH],
  ['src/shared/cart.ts', "export { formatMoney } from '../shared/money.ts';", PARENT_PATH],
  [
    'src/server/platform/database/database.ts',
    "import { loadConfig } from '../../config.ts';",
    PARENT_PATH,
  ],
  [
    'src/server/modules/orders/orders-service.ts',
    "import { findAccount } from '../accounts/accounts-service.ts';",
    PARENT_PATH,
  ],
  ['src/server/site/robots.ts', "import { html } from '../platform/html/page.ts';", PARENT_PATH],
  // The cart reads the catalogue as it is now, never the compiled seed (ADR 053).
  [
    'src/client/app/app-store.ts',
    "import { findItem } from '#shared/spec-catalogue.ts';",
    SEED_CATALOGUE,
  ],
  [
    'src/client/features/cart/cart-slice.ts',
    "const { findItem } = await import('#shared/spec-catalogue.ts');",
    SEED_CATALOGUE,
  ],
  [
    'src/server/modules/carts/carts-service.ts',
    "import { findItem } from '#shared/spec-catalogue.ts';",
    SEED_CATALOGUE,
  ],
  ['src/shared/cart.ts', "import { findItem } from './spec-catalogue.ts';", SEED_CATALOGUE],
];

/** [file, code]: imports the boundaries allow. */
const ALLOWED: [string, string][] = [
  ['src/client/admin/api.ts', "import { createApiRequest } from '#client/api/api-client.ts';"],
  ['src/client/lib/api-client.ts', "import { createApiRequest } from '#client/api/api-client.ts';"],
  [
    'src/server/app.ts',
    "import { ordersModule, type OrdersModuleOptions } from '#server/modules/orders/orders-module.ts';",
  ],
  [
    'src/server/modules/accounts/accounts-module.ts',
    "import { localOidcModule } from '#server/modules/local-oidc/local-oidc-module.ts';",
  ],
  [
    'src/client/admin/orders/orders-screen.tsx',
    [
      "import { useApi } from '#client/admin/use-api.ts';",
      "import { Button } from '#client/components/ui/button.tsx';",
      "import { formatMoney } from '#shared/money.ts';",
      "import { Link } from 'react-router';",
    ].join('\n'),
  ],
  [
    'src/client/admin/orders/orders-screen.test.tsx',
    "import { stubApi } from '#client/test/stub-api.ts';",
  ],
  ['src/shared/zod.ts', "import { z } from 'zod';"],
  ['src/shared/orders.ts', "import { z } from '#shared/zod.ts';"],
  [
    'src/client/features/orders/components/pay-now.tsx',
    [
      "import { cartEmptied } from '#client/features/cart/cart-slice.ts';",
      "import { selectCartItems } from '#client/features/cart/cart-selectors.ts';",
      "import { useAddToCart } from '#client/features/cart/use-add-to-cart.ts';",
      "import { selectCurrentUser } from '#client/features/user/user-selectors.ts';",
      "import { placeOrder } from '#client/features/orders/orders-api.ts';",
      "import { OrderSummary } from './order-summary.tsx';",
      "import { useAppSelector } from '#client/app/hooks.ts';",
      "import { formatMoney } from '#shared/money.ts';",
      "import { Provider } from 'react-redux';",
      "import payNowCss from './pay-now.css?inline';",
      "const { itemAdded } = await import('#client/features/cart/cart-slice.ts');",
    ].join('\n'),
  ],
  [
    'src/client/app/layout/header.tsx',
    "import { CartIcon } from '#client/features/cart/components/cart-icon.tsx';",
  ],
  ['src/client/app/hooks.ts', "import { useDispatch, useSelector } from 'react-redux';"],
  [
    'src/client/test/render-with-providers.tsx',
    "import { useSelector } from 'react-redux';\nimport { fakeAuthClient } from '#client/test/fake-auth-client.ts';",
  ],
  [
    'src/client/features/cart/components/cart-icon.test.tsx',
    "import { renderWithProviders } from '#client/test/render-with-providers.tsx';",
  ],
  [
    'src/server/modules/orders/orders-routes.ts',
    [
      "import { placeOrder } from './orders-service.ts';",
      "import { findAccount } from '#server/modules/accounts/accounts-service.ts';",
      "import { requireSession } from '#server/platform/http/guards.ts';",
      "import { orderBody } from '#shared/orders.ts';",
    ].join('\n'),
  ],
  [
    'src/server/modules/orders/orders-repository.ts',
    [
      "import type { Kysely } from 'kysely';",
      "import type { Database } from '#server/platform/database/schema.ts';",
      "import { ORDER_STATES } from '#server/modules/orders/order-states.ts';",
    ].join('\n'),
  ],
  [
    'src/server/modules/orders/orders-service.ts',
    "const { chargeCard } = await import('#server/modules/payments/payments-service.ts');",
  ],
  [
    'src/server/modules/orders/orders-routes.test.ts',
    "import { buildTestApp } from '#server/test/test-app.ts';\nimport { findOrder } from './orders-repository.ts';",
  ],
  ['src/server/payments/test-support.ts', "import { TEST_PUBLIC_URL } from '../test/test-app.ts';"],
  ['src/server/platform/database/migrate.ts', "import fs from 'node:fs';\nimport 'kysely';"],
  [
    'src/server/site/static-files.ts',
    "import { escapeHtml } from '#server/platform/html/escape-html.ts';",
  ],
  ['src/server/routes/auth/auth-routes.ts', "import { createAuth } from '../../auth/auth.ts';"],
  ['src/shared/money.test.ts', "import { describe } from 'vitest';"],
  ['scripts/images/scenes.ts', "import { ITEM_IMAGE } from '#shared/images.ts';"],
  [
    'src/server/modules/catalogue/seed-catalogue.ts',
    "import { COLLECTIONS } from '#shared/spec-catalogue.ts';",
  ],
  [
    'src/client/features/cart/cart-slice.test.ts',
    "import { findItem } from '#shared/spec-catalogue.ts';",
  ],
  ['src/client/test/products.ts', "import { findItem } from '#shared/spec-catalogue.ts';"],
  ['src/server/test/stock.ts', "import { findItem } from '#shared/spec-catalogue.ts';"],
  ['scripts/images/build-images.ts', "import { COLLECTIONS } from '#shared/spec-catalogue.ts';"],
];

describe('import boundaries', () => {
  it.each(VIOLATIONS)('%s: %s is reported', async (file, code, expected) => {
    const messages = (await lint(file, code)).map((m) => m.message);
    expect(messages).toContainEqual(expect.stringContaining(expected));
  });

  it.each(ALLOWED)('%s: allowed imports are not reported', async (file, code) => {
    expect(await lint(file, code)).toEqual([]);
  });

  it('has a violation in the fixture for every rule', () => {
    const rules = [...Object.values(RESTRICTIONS), crossFeature('cart'), crossModule('orders')].map(
      (r) => r.message,
    );
    const untested = rules.filter(
      (message) => !VIOLATIONS.some(([, , expected]) => message.includes(expected)),
    );
    expect(untested).toEqual([]);
  });

  it('finds the features and modules on disk, and none in a folder that does not exist', () => {
    expect(folderNames('src/client/features')).toEqual(
      expect.arrayContaining(['cart', 'orders', 'shop', 'user']),
    );
    expect(folderNames('src/server/no-such-folder')).toEqual([]);
  });

  it('is what eslint.config.js applies', async () => {
    const project = new ESLint({ cwd: repoRoot });
    const alone = boundaryLinter(boundaryBlocks());
    const files = [...new Set([...VIOLATIONS, ...ALLOWED].map(([file]) => file))];
    for (const file of files) {
      const [inProject, inBlocks] = (await Promise.all([
        project.calculateConfigForFile(file),
        alone.calculateConfigForFile(file),
      ])) as Linter.Config[];
      for (const rule of ['no-restricted-imports', 'no-restricted-syntax'])
        expect(inProject!.rules?.[rule], `${rule} for ${file}`).toEqual(inBlocks!.rules?.[rule]);
    }
  }, 30_000);
});
