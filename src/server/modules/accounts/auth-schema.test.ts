import { afterAll, beforeAll, expect, it } from 'vitest';
import { loadConfig } from '#server/config.ts';
import type { ShopDatabase } from '#server/platform/database/database.ts';
import { TEST_AUTH_SECRET, TEST_PUBLIC_URL } from '#server/test/test-app.ts';
import { openMigratedTestDatabase } from '#server/test/test-database.ts';
import { authSchemaChanges } from './auth.ts';

let database: ShopDatabase;

beforeAll(async () => {
  database = await openMigratedTestDatabase();
});

afterAll(() => database.close());

// The server no longer runs better-auth's own migration at start (it would load better-auth for
// every start, ADR 049): the shop's migrations make its tables. When an upgrade of better-auth
// asks for more, this fails with the SQL it would run, to be written as a migration of the shop's.
it("leaves better-auth nothing to create or add once the shop's migrations ran", async () => {
  const config = loadConfig({
    PUBLIC_URL: TEST_PUBLIC_URL,
    AUTH_SECRET: TEST_AUTH_SECRET,
    LOCAL_GOOGLE: 'on',
    LOG_LEVEL: 'silent',
  });
  const changes = await authSchemaChanges({
    config,
    db: database.db,
    secret: TEST_AUTH_SECRET,
    localOidcClientSecret: 'local-oidc-client-secret',
  });
  expect(changes).toEqual([]);
});
