import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreateOrderResponse, OrderListResponse } from '#shared/orders.ts';
import { startPostgres, type RunningPostgres } from '#server/test/postgres-server.ts';
import { writeFakeBuild } from '#server/test/test-app.ts';
import { startShop, type RunningShop } from '#tests/e2e/support/shop-server.ts';

/**
 * `npm run backup` and `npm run restore` on both databases (README, "Running at scale"): a shopper
 * signs up and orders, the database is backed up while the shop runs, wiped, and restored; the
 * shop started again on it shows the order and lets the shopper sign in.
 */
const PASSWORD = 'correct horse battery';
const scriptsDir = import.meta.dirname;

let workDir: string;
let clientDir: string;

beforeAll(async () => {
  workDir = await mkdtemp(path.join(tmpdir(), 'crwn-backup-'));
  clientDir = await writeFakeBuild();
});

afterAll(async () => {
  await rm(workDir, { recursive: true, force: true });
  await rm(path.dirname(clientDir), { recursive: true, force: true });
});

/** Runs `npm run backup|restore -- file` as the shop's operator would, with the shop's settings. */
async function run(script: 'backup' | 'restore', file: string, env: Record<string, string>) {
  // Started where there is no .env, the script reads only the settings given here.
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [path.join(scriptsDir, `${script}.ts`), file],
    { cwd: workDir, env: { ...process.env, DATABASE_URL: '', DATABASE_FILE: '', ...env } },
  );
  return stdout;
}

/** Signs up, pays for an order signed in, and returns what the shopper would keep. */
async function shopperWithOrder(shop: RunningShop) {
  const email = `backup-${process.pid}-${Date.now()}@example.com`;
  const signUp = await fetch(`${shop.url}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Ada', email, password: PASSWORD }),
  });
  expect(signUp.status).toBe(200);
  const cookie = sessionCookie(signUp);
  const tokenResponse = await fetch(`${shop.paymentUrl}/pay/v1/tokens`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'sec-fetch-site': 'same-origin' },
    body: JSON.stringify({
      key: 'pk_test_crwn_clothing',
      email,
      card: { number: '4242424242424242', expMonth: 12, expYear: 2040, cvc: '123' },
    }),
  });
  expect(tokenResponse.status).toBe(200);
  const { id: token } = (await tokenResponse.json()) as { id: string };
  const placed = await fetch(`${shop.url}/api/orders`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'sec-fetch-site': 'same-origin', cookie },
    body: JSON.stringify({
      token,
      idempotencyKey: `backup-${Date.now()}`,
      lines: [{ id: 1, size: 'L', quantity: 2 }],
      approvedTotal: 5000,
      email,
    }),
  });
  expect(placed.status).toBe(201);
  const { order } = (await placed.json()) as CreateOrderResponse;
  return { email, orderId: order.id };
}

const sessionCookie = (response: Response) =>
  response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');

/** What the restored shop must still know: the account, its password and its order. */
async function expectRestored(
  shop: RunningShop,
  { email, orderId }: Awaited<ReturnType<typeof shopperWithOrder>>,
) {
  const signIn = await fetch(`${shop.url}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  expect(signIn.status).toBe(200);
  const cookie = sessionCookie(signIn);
  const order = await fetch(`${shop.url}/api/orders/${orderId}`, { headers: { cookie } });
  expect(order.status).toBe(200);
  expect(await order.json()).toMatchObject({ id: orderId, total: 5000, status: 'paid' });
  const list = await fetch(`${shop.url}/api/orders`, { headers: { cookie } });
  expect(list.status).toBe(200);
  const { orders } = (await list.json()) as OrderListResponse;
  expect(orders.map((listed) => listed.id)).toEqual([orderId]);
}

/** Runs `use` on the shop started on `env`'s database, then stops it. */
async function withShop<T>(env: Record<string, string>, use: (shop: RunningShop) => Promise<T>) {
  const shop = await startShop({ ...env, CLIENT_DIR: clientDir, LOG_LEVEL: 'silent' });
  try {
    return await use(shop);
  } finally {
    await shop.stop();
  }
}

/**
 * A shopper orders; the database is backed up while the shop runs, then wiped by `wipe`; the shop
 * started on the wiped database knows no such shopper (and makes its tables again, empty); the
 * backup is restored over them, and the shop started again finds the account and the order.
 */
async function backUpWipeRestore(
  env: Record<string, string>,
  backupFile: string,
  kind: 'SQLite' | 'PostgreSQL',
  wipe: () => Promise<void>,
) {
  const shopper = await withShop(env, async (shop) => {
    const made = await shopperWithOrder(shop);
    expect(await run('backup', backupFile, env)).toContain(`Backed up the ${kind} database`);
    return made;
  });
  await wipe();
  await withShop(env, async (shop) => {
    const signIn = await fetch(`${shop.url}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: shopper.email, password: PASSWORD }),
    });
    expect(signIn.status).toBe(401);
  });
  expect(await run('restore', backupFile, env)).toContain(`Restored the ${kind} database`);
  await withShop(env, (shop) => expectRestored(shop, shopper));
}

describe('backup and restore', () => {
  it('SQLite: an online backup, taken while the shop runs, restores the order and the account', async () => {
    const dataDir = await mkdtemp(path.join(workDir, 'data-'));
    await backUpWipeRestore(
      { DATA_DIR: dataDir },
      path.join(workDir, 'shop-backup.sqlite'),
      'SQLite',
      async () => {
        // The database file and its write-ahead log removed.
        for (const suffix of ['', '-wal', '-shm']) {
          await rm(path.join(dataDir, `shop.sqlite${suffix}`), { force: true });
        }
      },
    );
  }, 120_000);

  describe('PostgreSQL', () => {
    let postgres: RunningPostgres;
    let admin: pg.Client;

    beforeAll(async () => {
      postgres = await startPostgres();
      admin = new pg.Client({ connectionString: postgres.adminUrl });
      await admin.connect();
    }, 60_000);

    afterAll(async () => {
      await admin?.end();
      await postgres?.stop();
    }, 30_000);

    it('pg_dump while the shop runs, then pg_restore over an emptied database, restores the order and the account', async () => {
      await admin.query('create database shop');
      const env = {
        DATABASE_URL: postgres.urlFor('shop'),
        AUTH_SECRET: 'backup-test-secret-that-is-long-enough-0123',
      };
      await backUpWipeRestore(
        env,
        path.join(workDir, 'shop-backup.dump'),
        'PostgreSQL',
        async () => {
          // The database dropped and made again, empty.
          await admin.query('drop database shop with (force)');
          await admin.query('create database shop');
        },
      );
    }, 120_000);
  });
});
