import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { TEST_AUTH_SECRET, TEST_PUBLIC_URL, writeFakeBuild } from '#server/test/test-app.ts';
import { TEST_DATABASE, createPostgresTestDatabase } from '#server/test/test-database.ts';

const child = path.resolve(import.meta.dirname, '../../test/lazy-auth-child.ts');
let env: NodeJS.ProcessEnv;
let cleanUp: () => Promise<void>;

beforeAll(async () => {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'crwn-lazy-auth-'));
  const clientDir = await writeFakeBuild();
  // Two processes share the database, as two starts of one server do.
  const postgres = TEST_DATABASE === 'postgres' ? await createPostgresTestDatabase() : undefined;
  env = {
    PATH: process.env.PATH,
    DATA_DIR: dataDir,
    ...(postgres && { DATABASE_URL: postgres.url }),
    CLIENT_DIR: clientDir,
    PUBLIC_URL: TEST_PUBLIC_URL,
    AUTH_SECRET: TEST_AUTH_SECRET,
    LOCAL_GOOGLE: 'on',
    LOG_LEVEL: 'silent',
    EMAIL: 'lazy-auth@example.com',
  };
  cleanUp = async () => {
    await postgres?.drop();
    await rm(dataDir, { recursive: true, force: true });
    await rm(path.dirname(clientDir), { recursive: true, force: true });
  };
}, 60_000);

afterAll(() => cleanUp());

async function run(mode: 'sign-up' | 'visit', extra: NodeJS.ProcessEnv = {}) {
  const { stdout } = await promisify(execFile)(process.execPath, [child, mode], {
    env: { ...env, ...extra },
    cwd: env.DATA_DIR,
  });
  return JSON.parse(stdout.trim().split('\n').at(-1) ?? '') as Record<string, unknown>;
}

// ADR 049: better-auth (some 15 MiB) is loaded by the first request that needs it, not at start.
it('loads better-auth only for a request with a session cookie, and answers that one as before', async () => {
  const signedUp = await run('sign-up');
  expect(signedUp.status).toBe(200);
  expect(signedUp.cookie).toMatch(/crwn\.session_token=/);

  // A server started afresh on the same database, as after a restart.
  const visit = await run('visit', { COOKIE: signedUp.cookie as string });
  expect(visit.anonymous).toEqual({
    '/': 200,
    '/shop/hats': 200,
    '/favicon.svg': 200,
    '/api/orders': 401,
    '/api/payments/widget': 200,
  });
  expect(visit.loadedWhenAnonymous).toBe(false);
  expect(visit.orders).toBe(200);
  expect(visit.session).toMatchObject({ user: { email: 'lazy-auth@example.com' } });
  expect(visit.loadedAfterSession).toBe(true);
}, 60_000);
