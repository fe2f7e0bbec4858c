import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreateOrderResponse } from '#shared/orders.ts';
import { startPostgres, type RunningPostgres } from '#server/test/postgres-server.ts';
import { takeEvents } from '#server/test/event-stream.ts';
import { writeFakeBuild } from '#server/test/test-app.ts';
import { freePort, startShop, type RunningShop } from '#tests/e2e/support/shop-server.ts';
import { startNginx, UPSTREAM_HEADER, type RunningNginx } from './nginx.ts';

/**
 * Two shop server processes on one PostgreSQL, behind a real nginx running the README's example
 * config (docs/deploy/nginx.conf), checked through the balancer only (issue #12). nginx is
 * started with one worker, so consecutive requests alternate between the two servers; the test's
 * nginx names the server that answered in a response header, and a request is aimed at one
 * server by letting a cheap request take the other's turn first. Every answer's server is then
 * checked, so a test never passes on one server by accident.
 */
const ACCOUNT_LIMIT = 4;
const PASSWORD = 'correct horse battery';

let postgres: RunningPostgres;
const shops: RunningShop[] = [];
let nginx: RunningNginx;
let clientDir: string;
let pool: pg.Pool;
let base: string;
/** The two servers as nginx names them (`127.0.0.1:PORT`). */
let servers: [string, string];

beforeAll(async () => {
  postgres = await startPostgres();
  const admin = new pg.Client({ connectionString: postgres.adminUrl });
  await admin.connect();
  await admin.query('create database shop');
  await admin.end();
  const databaseUrl = postgres.urlFor('shop');
  pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });

  const [balancerPort, portA, portB] = [await freePort(), await freePort(), await freePort()];
  base = `http://127.0.0.1:${balancerPort}`;
  servers = [`127.0.0.1:${portA}`, `127.0.0.1:${portB}`];
  // nginx first: each shop's start-up check is redirected to the shop's public address.
  nginx = await startNginx(balancerPort, [portA, portB]);
  clientDir = await writeFakeBuild();
  const env = {
    CLIENT_DIR: clientDir,
    DATABASE_URL: databaseUrl,
    AUTH_SECRET: randomBytes(32).toString('base64'),
    TRUST_PROXY: '127.0.0.1',
    PUBLIC_URL: base,
    PAYMENT_URL: `http://localhost:${balancerPort}`,
    AUTH_IP_LIMIT_PER_MINUTE: '10000',
    AUTH_ACCOUNT_LIMIT_PER_15_MINUTES: String(ACCOUNT_LIMIT),
    LOG_LEVEL: 'error',
  };
  // One after the other: the second also shows that migrations already run are skipped.
  for (const port of [portA, portB]) shops.push(await startShop({ ...env, PORT: String(port) }));
  await untilBothServe();
}, 180_000);

afterAll(async () => {
  await nginx?.stop();
  await Promise.all(shops.map((shop) => shop.stop()));
  await pool?.end();
  await postgres?.stop();
  if (clientDir) await rm(path.dirname(clientDir), { recursive: true, force: true });
}, 60_000);

/** A request through the balancer; the answer carries the server that gave it. */
async function send(
  path: string,
  init: RequestInit & { cookie?: string } = {},
): Promise<{ response: Response; server: string }> {
  const headers = new Headers(init.headers);
  if (init.cookie) headers.set('cookie', init.cookie);
  if (init.body && !headers.has('content-type')) headers.set('content-type', 'application/json');
  const response = await fetch(new URL(path, base), { ...init, headers, redirect: 'manual' });
  return { response, server: response.headers.get(UPSTREAM_HEADER) ?? '' };
}

const probe = async () => (await send('/favicon.svg')).server;

/** nginx leaves out a server that refused a connection (the second while it started) for 10 s. */
async function untilBothServe() {
  for (let tries = 0; tries < 300; tries += 1) {
    if ((await probe()) !== (await probe())) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('nginx did not alternate between the two servers');
}

/** Lets a cheap request take a turn, if needed, so that nginx sends the next one to `server`. */
async function aimAt(server: string) {
  if ((await probe()) === server) await probe();
}

const otherThan = (server: string) => (server === servers[0] ? servers[1] : servers[0]);

let emails = 0;
const newEmail = () => `scale-${process.pid}-${(emails += 1)}@example.com`;

/** The session cookie a sign-up or sign-in sets. */
const sessionCookie = (response: Response) =>
  response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');

async function signUp(name: string) {
  const email = newEmail();
  const { response, server } = await send('/api/auth/sign-up/email', {
    method: 'POST',
    body: JSON.stringify({ name, email, password: PASSWORD }),
  });
  expect(response.status).toBe(200);
  const { user } = (await response.json()) as { user: { id: string } };
  return { id: user.id, email, cookie: sessionCookie(response), server };
}

async function session(cookie: string) {
  const { response, server } = await send('/api/auth/get-session', { cookie });
  expect(response.status).toBe(200);
  return { body: (await response.json()) as { user?: { email: string } } | null, server };
}

describe('two shop servers behind nginx, on one PostgreSQL', () => {
  it('a sign-up through one server is a valid session on the other', async () => {
    await aimAt(servers[0]);
    const ada = await signUp('Ada');
    expect(ada.server).toBe(servers[0]);
    const { body, server } = await session(ada.cookie);
    expect(server).toBe(servers[1]);
    expect(body?.user?.email).toBe(ada.email);
  });

  it('a profile change through the second server reaches a live subscriber of the first', async () => {
    const ada = await signUp('Ada');
    const created = await send(`/api/users/${ada.id}`, {
      method: 'PUT',
      cookie: ada.cookie,
      body: '{}',
    });
    expect(created.response.status).toBeLessThan(300);

    const received: { displayName?: string }[] = [];
    const controller = new AbortController();
    await aimAt(servers[0]);
    const stream = await send(`/api/users/${ada.id}/events`, {
      cookie: ada.cookie,
      headers: { accept: 'text/event-stream', 'accept-encoding': 'identity' },
      signal: controller.signal,
    });
    expect(stream.response.status).toBe(200);
    expect(stream.server).toBe(servers[0]);
    const reading = readEvents(stream.response, (event) => received.push(event));
    try {
      await until(() => received.length > 0);
      expect(received[0]).toMatchObject({ displayName: 'Ada' });

      await aimAt(servers[1]);
      const renamed = await send(`/api/users/${ada.id}`, {
        method: 'PATCH',
        cookie: ada.cookie,
        body: JSON.stringify({ displayName: 'Ada Lovelace' }),
      });
      expect(renamed.response.status).toBe(200);
      expect(renamed.server).toBe(servers[1]);
      await until(() => received.some((event) => event.displayName === 'Ada Lovelace'));
      expect(received.at(-1)).toMatchObject({ displayName: 'Ada Lovelace' });
    } finally {
      controller.abort();
      await reading;
    }
  }, 30_000);

  it('a Google sign-in through the local provider completes while its requests alternate between the servers', async () => {
    const browser = newBrowser();
    const answeredBy: string[] = [];
    const step = async (url: string, init?: RequestInit) => {
      const { response, server } = await browser.fetch(url, init);
      answeredBy.push(server);
      return response;
    };
    const next = (response: Response) => {
      expect([302, 303]).toContain(response.status);
      return new URL(response.headers.get('location') ?? '', base).href;
    };

    const start = await step('/auth/google/start');
    const authorize = next(start);
    expect(authorize).toMatch(new RegExp(`^${base}/oidc/auth\\?`));
    const interaction = next(await step(authorize));
    expect(new URL(interaction).pathname).toMatch(/^\/oidc\/interaction\/[\w-]+$/);
    expect((await step(interaction)).status).toBe(200);
    const email = newEmail();
    const login = await step(`${interaction}/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ email, name: 'Grace', password: PASSWORD }).toString(),
    });
    const resumed = await step(next(login));
    const callback = next(resumed);
    expect(new URL(callback).pathname).toBe('/api/auth/callback/google');
    const done = next(await step(callback));
    expect(done).toBe(`${base}/auth/popup-done`);

    // Each step went to the other server than the one before, up to the callback, whose own
    // requests to the provider (the token, through the balancer) take turns as well.
    expect(new Set(answeredBy)).toEqual(new Set(servers));
    const beforeCallback = answeredBy.slice(0, -1);
    for (let index = 1; index < beforeCallback.length; index += 1) {
      expect(beforeCallback[index]).toBe(otherThan(beforeCallback[index - 1] ?? ''));
    }
    const { body } = await session(browser.cookies());
    expect(body?.user?.email).toBe(email);
  }, 30_000);

  it('the same order idempotency key sent to both servers gives one order and one charge', async () => {
    const token = await cardToken();
    const idempotencyKey = `scale-${randomBytes(8).toString('hex')}`;
    const body = JSON.stringify({
      token,
      idempotencyKey,
      lines: [{ id: 1, quantity: 1, size: 'L' }],
      approvedTotal: 2500,
      email: 'ada@example.com',
    });
    const placed = await Promise.all(
      [0, 1].map(() => send('/api/orders', { method: 'POST', body })),
    );
    expect(new Set(placed.map(({ server }) => server))).toEqual(new Set(servers));
    const answers = await Promise.all(
      placed.map(async ({ response }) => ({
        status: response.status,
        body: (await response.json()) as CreateOrderResponse,
      })),
    );
    expect(answers.map(({ status }) => status).sort()).toEqual([200, 201]);
    expect(answers[1]?.body.order).toEqual(answers[0]?.body.order);

    const orders = await pool.query('select id from orders where idempotency_key = $1', [
      idempotencyKey,
    ]);
    expect(orders.rows).toEqual([{ id: answers[0]?.body.order.id }]);
    const charges = await pool.query('select id from payment_charges where token_id = $1', [token]);
    expect(charges.rowCount).toBe(1);
  }, 30_000);

  it('a sign-in limit is reached across both servers', async () => {
    const email = newEmail();
    const attempt = () =>
      send('/api/auth/sign-in/email', {
        method: 'POST',
        body: JSON.stringify({ email, password: 'not the password at all' }),
      });
    const allowed = [];
    for (let index = 0; index < ACCOUNT_LIMIT; index += 1) allowed.push(await attempt());
    expect(allowed.map(({ response }) => response.status)).toEqual(
      Array.from({ length: ACCOUNT_LIMIT }, () => 401),
    );
    // Each server has seen only half the attempts; the limit is the account's, on both.
    expect(new Set(allowed.map(({ server }) => server))).toEqual(new Set(servers));
    for (const server of servers) {
      await aimAt(server);
      const refused = await attempt();
      expect(refused.server).toBe(server);
      expect(refused.response.status).toBe(429);
    }
  }, 30_000);
});

/** Waits for `check` (a live update crossing servers) for at most 10 s. */
async function until(check: () => boolean) {
  for (let tries = 0; tries < 200 && !check(); tries += 1) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Reads Server-Sent Events from `response`, calling `onData` with each event's JSON data. */
async function readEvents(
  response: Response,
  onData: (data: Record<string, unknown>) => void,
): Promise<void> {
  const decoder = new TextDecoder();
  let buffer = '';
  try {
    for await (const chunk of response.body ?? []) {
      buffer = takeEvents(buffer + decoder.decode(chunk, { stream: true }), (data) =>
        onData(data as Record<string, unknown>),
      );
    }
  } catch {
    // aborted by the test
  }
}

/** A card token from the payment provider, at its own address through the same balancer. */
async function cardToken(): Promise<string> {
  const paymentUrl = base.replace('127.0.0.1', 'localhost');
  const response = await fetch(`${paymentUrl}/pay/v1/tokens`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'sec-fetch-site': 'same-origin' },
    body: JSON.stringify({
      key: 'pk_test_crwn_clothing',
      email: 'ada@example.com',
      card: { number: '4242424242424242', expMonth: 12, expYear: 2040, cvc: '123' },
    }),
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { id: string }).id;
}

/** A browser's cookie jar for the balancer's one host, following no redirect by itself. */
function newBrowser() {
  const jar = new Map<string, string>();
  const cookies = () => [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
  return {
    cookies,
    async fetch(url: string, init: RequestInit = {}) {
      const answer = await send(url, { ...init, cookie: cookies() });
      for (const setCookie of answer.response.headers.getSetCookie()) {
        const [pair = ''] = setCookie.split(';');
        const eq = pair.indexOf('=');
        const value = pair.slice(eq + 1).trim();
        const expired = /max-age=0/i.test(setCookie) || value === '';
        if (expired) jar.delete(pair.slice(0, eq).trim());
        else jar.set(pair.slice(0, eq).trim(), value);
      }
      return answer;
    },
  };
}
