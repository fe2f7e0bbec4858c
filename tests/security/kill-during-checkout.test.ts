import Database from 'better-sqlite3';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreateOrderBody, CreateOrderResponse } from '#shared/orders.ts';
import { TEST_AUTH_SECRET, writeFakeBuild } from '#server/test/test-app.ts';
import { createPostgresTestDatabase, TEST_DATABASE } from '#server/test/test-database.ts';
import { startShop, type RunningShop } from '#tests/e2e/support/shop-server.ts';
import { report, seededRandom } from './random.ts';

/**
 * The server process is killed (SIGKILL, no chance to clean up) at random moments while
 * shoppers check out; the next server on the same data takes over, on this run's database
 * (SQLite in the `node` project, PostgreSQL in `node-postgres`). A shopper whose request got no answer
 * sends it again to the next server, as Pay Now does (ADR 019). Every order a shopper was told
 * about must still be there; after a last start (which settles what the kills left, ADR 030)
 * no charge may exist without its paid order, nor a paid order without its charge.
 */
const KILLS = 50;
const SHOPPERS = 4;
/** The kill comes at most this long after the shoppers start: most land mid-checkout. */
const KILL_WITHIN_MS = 400;
/** Servers loading while the current one serves (two processes on one SQLite file are fine). */
const STARTING_AHEAD = 1;

let clientDir: string;
let dataDir: string;
let postgres: { url: string; drop: () => Promise<void> } | undefined;

beforeAll(async () => {
  clientDir = await writeFakeBuild();
  dataDir = await mkdtemp(path.join(tmpdir(), 'crwn-kill-'));
  if (TEST_DATABASE === 'postgres') postgres = await createPostgresTestDatabase();
});

afterAll(async () => {
  await rm(path.dirname(clientDir), { recursive: true, force: true });
  await rm(dataDir, { recursive: true, force: true });
  await postgres?.drop();
});

const start = () =>
  startShop({
    CLIENT_DIR: clientDir,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    PAYMENT_TOKEN_LIMIT_PER_MINUTE: '100000',
    ...(postgres ? { DATABASE_URL: postgres.url, AUTH_SECRET: TEST_AUTH_SECRET } : {}),
  });

/** Counts over the tables, as plain SQL both databases read. */
const COUNTS = `select
  (select cast(count(*) as integer) from orders where status = 'paid'
     and (charge_id is null or charge_id not in (select id from payment_charges))) as paid_without_charge,
  (select cast(count(*) as integer) from payment_charges
     where id not in (select charge_id from orders where status = 'paid' and charge_id is not null)) as charges_without_paid_order,
  (select cast(count(*) as integer) from payment_tokens where used_at is not null
     and id not in (select token_id from payment_charges)) as used_tokens_without_charge,
  (select cast(count(*) as integer) from payment_charges) as charges,
  (select cast(count(*) as integer) from orders where status = 'pending') as pending`;

/** Runs one statement of plain SQL on the run's database; the first row of a query. */
async function runSql(text: string): Promise<Record<string, number>> {
  if (postgres) {
    const client = new pg.Client({ connectionString: postgres.url });
    await client.connect();
    try {
      return (await client.query<Record<string, number>>(text)).rows[0] ?? {};
    } finally {
      await client.end();
    }
  }
  const db = new Database(path.join(dataDir, 'shop.sqlite'));
  try {
    const statement = db.prepare<[], Record<string, number>>(text);
    if (!statement.reader) {
      statement.run();
      return {};
    }
    return statement.get() ?? {};
  } finally {
    db.close();
  }
}

const counts = () => runSql(COUNTS);

interface Tally {
  keys: number;
  attempts: number;
  retries: number;
  /** Order id to receipt, for every order a shopper was told about. */
  acknowledged: Map<string, string>;
  /** Answers other than 201 or 200: none expected, retries included. */
  unexpected: string[];
}

const headers = { 'content-type': 'application/json' };

/**
 * One shopper checking out again and again until the server stops answering; `unanswered` is
 * the request it sent without an answer, sent again first to the next server.
 */
async function shopper(
  shop: RunningShop,
  state: { unanswered: CreateOrderBody | null },
  tally: Tally,
) {
  for (;;) {
    try {
      let body = state.unanswered;
      if (body) {
        tally.retries += 1;
      } else {
        const tokenResponse = await fetch(`${shop.paymentUrl}/pay/v1/tokens`, {
          method: 'POST',
          headers,
          // A connection cut by the kill can leave a request waiting for ever.
          signal: AbortSignal.timeout(5_000),
          body: JSON.stringify({
            key: 'pk_test_crwn_clothing',
            email: 'ada@example.com',
            card: { number: '4242424242424242', expMonth: 12, expYear: 2040, cvc: '123' },
          }),
        });
        const { id: token } = (await tokenResponse.json()) as { id: string };
        body = {
          token,
          idempotencyKey: `kill-test-${process.pid}-${String((tally.keys += 1)).padStart(6, '0')}`,
          lines: [{ id: 1, quantity: 1, size: 'L' }],
          approvedTotal: 2500,
          email: 'ada@example.com',
        };
        state.unanswered = body;
      }
      tally.attempts += 1;
      const response = await fetch(`${shop.url}/api/orders`, {
        method: 'POST',
        headers,
        signal: AbortSignal.timeout(5_000),
        body: JSON.stringify(body),
      });
      const answer = await response.text();
      state.unanswered = null;
      if (response.status === 201 || response.status === 200) {
        const { order, receipt } = JSON.parse(answer) as CreateOrderResponse;
        tally.acknowledged.set(order.id, receipt ?? '');
      } else {
        tally.unexpected.push(`${response.status} ${answer}`);
      }
    } catch {
      return; // the server is gone
    }
  }
}

describe(`a server on ${TEST_DATABASE} killed during checkouts`, () => {
  it(`loses no acknowledged order and leaves no charge without its paid order, over ${KILLS} kills`, async () => {
    const random = seededRandom();
    const began = Date.now();
    const tally: Tally = {
      keys: 0,
      attempts: 0,
      retries: 0,
      acknowledged: new Map(),
      unexpected: [],
    };
    const shoppers = Array.from({ length: SHOPPERS }, () => ({
      unanswered: null as CreateOrderBody | null,
    }));
    // The next servers load while this one serves, as spare servers on one database would:
    // a start takes seconds here (mostly loading code), a kill comes within KILL_WITHIN_MS.
    // Exactly KILLS servers are started here, each killed in turn.
    const starting: Promise<RunningShop>[] = [];
    let started = 0;
    const startAhead = () => {
      while (started < KILLS && starting.length < STARTING_AHEAD) {
        starting.push(start());
        started += 1;
      }
    };
    try {
      startAhead();
      for (let kill = 0; kill < KILLS; kill += 1) {
        const next = starting.shift();
        if (!next) throw new Error('no server started for this kill');
        const shop = await next;
        // The first server seeded the catalogue; this test is about kills, not running out.
        if (kill === 0) await runSql('update catalogue_stock set stock = 1000000');
        startAhead();
        const running = shoppers.map((state) => shopper(shop, state, tally));
        await new Promise((resolve) => setTimeout(resolve, random.next() * KILL_WITHIN_MS));
        shop.process.kill('SIGKILL');
        await once(shop.process, 'exit');
        await Promise.all(running);
        await shop.stop();
      }
    } finally {
      // A failed run leaves no server behind.
      await Promise.all(starting.map(async (shop) => (await shop).stop()));
    }
    expect(tally.acknowledged.size).toBeGreaterThan(0);

    // The last start, with every other server dead, settles what the kills left; every
    // acknowledged order is there, as its shopper would look it up.
    const shop = await start();
    try {
      // Requests the last kill left without an answer are sent once more, as Pay Now would.
      for (const { unanswered } of shoppers.filter((state) => state.unanswered)) {
        const response = await fetch(`${shop.url}/api/orders`, {
          method: 'POST',
          headers,
          body: JSON.stringify(unanswered),
        });
        expect([200, 201]).toContain(response.status);
        const { order, receipt } = (await response.json()) as CreateOrderResponse;
        tally.acknowledged.set(order.id, receipt ?? '');
        tally.retries += 1;
      }
      for (const [id, receipt] of tally.acknowledged) {
        const response = await fetch(`${shop.url}/api/orders/${id}?receipt=${receipt}`);
        expect(response.status, id).toBe(200);
      }
    } finally {
      await shop.stop();
    }
    expect(tally.unexpected).toEqual([]);

    const found = await counts();
    // Every request was answered in the end, so every order it recorded is paid: one charge
    // for each order a shopper was told about, and nothing left pending.
    expect(found).toEqual({
      paid_without_charge: 0,
      charges_without_paid_order: 0,
      used_tokens_without_charge: 0,
      charges: tally.acknowledged.size,
      pending: 0,
    });
    report(`kills during checkouts on ${TEST_DATABASE}`, {
      seed: random.seed,
      kills: KILLS,
      'checkouts tried': tally.attempts,
      'retried after a kill': tally.retries,
      acknowledged: tally.acknowledged.size,
      charges: found.charges ?? 0,
      pending: found.pending ?? 0,
      lost: 0,
      'charges without order': 0,
      seconds: Math.round((Date.now() - began) / 1000),
    });
  }, 240_000);
});
