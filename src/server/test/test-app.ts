import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '#server/app.ts';
import { loadConfig } from '#server/config.ts';

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

export async function writeFakeBuild(files: Record<string, string> = FAKE_BUILD): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'crwn-client-'));
  for (const [file, body] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(dir, file)), { recursive: true });
    await writeFile(path.join(dir, file), body);
  }
  return dir;
}

export const TEST_PUBLIC_URL = 'http://localhost:3000';

/**
 * The whole server on a fake build and an in-memory database. `env` overrides configuration
 * variables. Close it with `app.close()`; the fake build is removed then too.
 */
export async function buildTestApp(env: Record<string, string> = {}) {
  const clientDir = await writeFakeBuild();
  const app = await buildApp(
    loadConfig({
      CLIENT_DIR: clientDir,
      LOG_LEVEL: 'silent',
      DATABASE_FILE: ':memory:',
      PUBLIC_URL: TEST_PUBLIC_URL,
      AUTH_SECRET: 'test-secret-that-is-long-enough-0123456789',
      ...env,
    }),
  );
  app.addHook('onClose', () => rm(clientDir, { recursive: true, force: true }));
  return app;
}

export type TestApp = Awaited<ReturnType<typeof buildTestApp>>;
