import Database from 'better-sqlite3';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreateOrderResponse } from '#shared/orders.ts';
import { writeFakeBuild } from '#server/test/test-app.ts';
import { startShop, type RunningShop } from '#tests/e2e/support/shop-server.ts';
import { report, seededRandom } from './random.ts';

/**
 * The server process is killed (SIGKILL, no chance to clean up) while shoppers check out, then
 * started again on the same data. Every order a shopper was told about must still be there with
 * its charge, and no charge may exist without its order, nor an order without its charge.
 */
const KILLS = 3;
const SHOPPERS = 4;

let clientDir: string;
let dataDir: string;

beforeAll(async () => {
  clientDir = await writeFakeBuild();
  dataDir = await mkdtemp(path.join(tmpdir(), 'crwn-kill-'));
});

afterAll(async () => {
  await rm(clientDir, { recursive: true, force: true });
  await rm(dataDir, { recursive: true, force: true });
});

const start = () =>
  startShop({
    CLIENT_DIR: clientDir,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    PAYMENT_TOKEN_LIMIT_PER_MINUTE: '100000',
  });

let keys = 0;

/** One shopper checking out again and again until the server stops answering. */
async function shopper(shop: RunningShop, acknowledged: { id: string; receipt: string }[]) {
  let attempts = 0;
  for (;;) {
    attempts += 1;
    try {
      const tokenResponse = await fetch(`${shop.paymentUrl}/pay/v1/tokens`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        // A connection cut by the kill can leave a request waiting for ever.
        signal: AbortSignal.timeout(5_000),
        body: JSON.stringify({
          key: 'pk_test_crwn_clothing',
          email: 'ada@example.com',
          card: { number: '4242424242424242', expMonth: 12, expYear: 2040, cvc: '123' },
        }),
      });
      const { id: token } = (await tokenResponse.json()) as { id: string };
      const response = await fetch(`${shop.url}/api/orders`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        signal: AbortSignal.timeout(5_000),
        body: JSON.stringify({
          token,
          idempotencyKey: `kill-test-${process.pid}-${(keys += 1)}`,
          lines: [{ id: 1, quantity: 1 }],
          approvedTotal: 2500,
          email: 'ada@example.com',
        }),
      });
      if (response.status === 201) {
        const { order, receipt } = (await response.json()) as CreateOrderResponse;
        acknowledged.push({ id: order.id, receipt: receipt ?? '' });
      }
    } catch {
      return attempts; // the server is gone
    }
  }
}

describe('a server killed during checkouts', () => {
  it(`loses no acknowledged order and leaves no half-made one, over ${KILLS} kills`, async () => {
    const random = seededRandom();
    const acknowledged: { id: string; receipt: string }[] = [];
    let attempts = 0;
    for (let kill = 0; kill < KILLS; kill += 1) {
      const shop = await start();
      const running = Array.from({ length: SHOPPERS }, () => shopper(shop, acknowledged));
      await new Promise((resolve) => setTimeout(resolve, 300 + random.next() * 700));
      shop.process.kill('SIGKILL');
      await once(shop.process, 'exit');
      attempts += (await Promise.all(running)).reduce((sum, n) => sum + n, 0);
      await shop.stop();
    }
    expect(acknowledged.length).toBeGreaterThan(0);

    // Every acknowledged order is still there, as its shopper would look it up.
    const shop = await start();
    try {
      for (const { id, receipt } of acknowledged) {
        const response = await fetch(`${shop.url}/api/orders/${id}?receipt=${receipt}`);
        expect(response.status, id).toBe(200);
      }
    } finally {
      await shop.stop();
    }

    // Nothing half-made: each order has its charge, each charge its order, each used token one.
    const db = new Database(path.join(dataDir, 'shop.sqlite'), { readonly: true });
    try {
      const orphans = db
        .prepare(
          `select
             (select count(*) from orders where charge_id not in (select id from payment_charges)) as orders_without_charge,
             (select count(*) from payment_charges where id not in (select charge_id from orders)) as charges_without_order,
             (select count(*) from payment_tokens where used_at is not null
                and id not in (select token_id from payment_charges)) as used_tokens_without_charge`,
        )
        .get();
      expect(orphans).toEqual({
        orders_without_charge: 0,
        charges_without_order: 0,
        used_tokens_without_charge: 0,
      });
    } finally {
      db.close();
    }
    report('kills during checkouts', {
      seed: random.seed,
      kills: KILLS,
      'checkouts tried': attempts,
      acknowledged: acknowledged.length,
      lost: 0,
      'half-made': 0,
    });
  }, 120_000);
});
