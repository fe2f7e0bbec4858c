import { cp, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { buildApp, type AppOverrides } from '#server/app.ts';
import { openPostgresDatabase, openSqliteDatabase } from '#server/platform/database/database.ts';
import { loadConfig } from '#server/config.ts';
import { openTestDatabase } from './test-database.ts';
import { writeWidgetScripts } from '#scripts/build/widget-scripts.ts';

/** A stand-in for `build/client` with the shapes the real build writes. */
export const FAKE_BUILD: Record<string, string> = {
  'index.html': '<h1>home</h1>',
  'shop/index.html': '<h1>shop</h1>',
  'shop/hats/index.html': '<h1>hats</h1>',
  '404/index.html': '<h1>Page not found</h1>',
  '__spa-fallback.html': '<div>fallback</div>',
  'assets/root-AbCdEf12.js': 'console.log(1)',
  'images/items/brown-brim-320.jpg': 'jpeg bytes',
  'favicon.svg': '<svg/>',
};

let widget: Promise<string> | undefined;

/** The card widget's scripts, bundled once per test process as the build bundles them. */
export function builtWidgetDir(): Promise<string> {
  widget ??= (async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'crwn-widget-'));
    await writeWidgetScripts(dir);
    return dir;
  })();
  return widget;
}

/** Folders writeFakeBuild made, by client folder, removed when the test app built on one closes. */
const fakeBuilds = new Map<string, string>();

/**
 * Writes a fake build and returns its client folder, with the card widget's real scripts beside
 * it (`widget/`). `serverBuild` is the source of a server build module (`server/index.js` beside
 * the client folder, as the real build has it).
 */
export async function writeFakeBuild(
  files: Record<string, string> = FAKE_BUILD,
  serverBuild?: string,
): Promise<string> {
  const root = await mkdtemp(path.join(tmpdir(), 'crwn-build-'));
  const dir = path.join(root, 'client');
  fakeBuilds.set(dir, root);
  for (const [file, body] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(dir, file)), { recursive: true });
    await writeFile(path.join(dir, file), body);
  }
  await cp(await builtWidgetDir(), path.join(root, 'widget'), { recursive: true });
  if (serverBuild !== undefined) {
    await mkdir(path.join(root, 'server'));
    await writeFile(path.join(root, 'server/index.js'), serverBuild);
  }
  return dir;
}

export const TEST_PUBLIC_URL = 'http://localhost:3000';

/**
 * Makes `app.inject()` address the shop's own host, as a browser on PUBLIC_URL does, unless a
 * test names a host (a header, `authority` or an absolute URL). light-my-request would send
 * `localhost:80`, which the canonical-host redirect (ADR 024) sends to PUBLIC_URL.
 */
function injectToPublicHost(app: FastifyInstance, publicUrl: string) {
  const host = new URL(publicUrl).host;
  const inject = app.inject.bind(app);
  const addressed = (options: InjectOptions | string): InjectOptions => {
    const given = typeof options === 'string' ? { url: options } : options;
    const named =
      given.authority !== undefined ||
      given.headers?.host !== undefined ||
      (typeof given.url === 'string' && /^[a-z][a-z\d+.-]*:/i.test(given.url));
    return named ? given : { ...given, headers: { ...given.headers, host } };
  };
  app.inject = ((options?: InjectOptions | string) =>
    options === undefined ? inject() : inject(addressed(options))) as typeof app.inject;
}
export const TEST_AUTH_SECRET = 'test-secret-that-is-long-enough-0123456789';

/**
 * The whole server, as app.ts composes it, on a fake build and a fresh database of the run's
 * kind (test-database.ts: SQLite in memory or a new PostgreSQL database), or on the one
 * `DATABASE_FILE` or `DATABASE_URL` names. `env` overrides configuration variables; `overrides` swaps a part (the
 * payment provider, the logger). The returned app carries `db`, the database it runs on, for
 * tests that look at the rows. Close it with `app.close()`; the fake build is removed then too.
 */
export async function buildTestApp(
  env: Record<string, string> = {},
  overrides: Omit<AppOverrides, 'database'> = {},
) {
  const config = loadConfig({
    CLIENT_DIR: env.CLIENT_DIR ?? (await writeFakeBuild()),
    LOG_LEVEL: 'silent',
    DATABASE_FILE: ':memory:',
    PUBLIC_URL: TEST_PUBLIC_URL,
    AUTH_SECRET: TEST_AUTH_SECRET,
    // The shop as npm start runs it, with the stand-in for Google.
    LOCAL_GOOGLE: 'on',
    ...env,
  });
  const database = config.DATABASE_URL
    ? await openPostgresDatabase(config.DATABASE_URL)
    : env.DATABASE_FILE
      ? openSqliteDatabase(config.DATABASE_FILE)
      : await openTestDatabase();
  const app = Object.assign(await buildApp(config, { ...overrides, database }), {
    db: database.db,
  });
  injectToPublicHost(app, config.PUBLIC_URL);
  const fakeRoot = fakeBuilds.get(config.CLIENT_DIR);
  if (fakeRoot) {
    fakeBuilds.delete(config.CLIENT_DIR);
    app.addHook('onClose', () => rm(fakeRoot, { recursive: true, force: true }));
  }
  return app;
}

export type TestApp = Awaited<ReturnType<typeof buildTestApp>>;
