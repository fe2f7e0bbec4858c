import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deriveSecret } from '#server/platform/secrets.ts';
import { startForwardingProxy } from '#server/test/forwarding-proxy.ts';
import { listenOnLoopback } from '#server/test/raw-http.ts';
import { uniqueEmail } from '#server/test/shoppers.ts';
import {
  buildTestApp,
  TEST_AUTH_SECRET,
  TEST_PUBLIC_URL,
  type TestApp,
} from '#server/test/test-app.ts';
import { createPostgresTestDatabase, TEST_DATABASE } from '#server/test/test-database.ts';

/**
 * What several servers behind one address must share (ADR 032): rate limits and the local
 * OpenID provider's sessions, codes and signing key, kept in the database rather than in any
 * one server's memory.
 */

const ANN = { email: 'ann@example.com', name: 'Ann', password: 'correct horse battery' };

/** A browser's cookies for `app.inject()`, every cookie sent to every path (as in the tests). */
function newBrowser() {
  const cookies = new Map<string, string>();
  return {
    async send(app: TestApp, options: InjectOptions): Promise<LightMyRequestResponse> {
      const cookie = [...cookies].map(([name, value]) => `${name}=${value}`).join('; ');
      const response = await app.inject({
        ...options,
        headers: { ...options.headers, ...(cookie ? { cookie } : {}) },
      });
      const setCookie = response.headers['set-cookie'] ?? [];
      for (const line of Array.isArray(setCookie) ? setCookie : [setCookie]) {
        const [pair = ''] = line.split(';');
        const name = pair.slice(0, pair.indexOf('=')).trim();
        const value = pair.slice(pair.indexOf('=') + 1).trim();
        if (value === '' || /max-age=0/i.test(line)) cookies.delete(name);
        else cookies.set(name, value);
      }
      return response;
    },
  };
}
type Browser = ReturnType<typeof newBrowser>;

/** The path and query a redirect points to, wherever its origin. */
function redirectPath(response: LightMyRequestResponse): string {
  const location = response.headers.location;
  if (typeof location !== 'string') {
    throw new Error(`expected a redirect, got ${response.statusCode}: ${response.body}`);
  }
  const url = new URL(location, TEST_PUBLIC_URL);
  return `${url.pathname}${url.search}`;
}

const form = (fields: Record<string, string>) => ({
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  payload: new URLSearchParams(fields).toString(),
});

/** The subs the stand-in's chooser offers as buttons. */
const listedSubs = (html: string) =>
  [...html.matchAll(/name="sub" value="([^"]+)"/g)].map((match) => match[1] ?? '');

/**
 * A load balancer in front of the servers, for the requests the shop's server makes to its own
 * address (the code exchange at /oidc/token, the profile at /oidc/me): each goes to the next
 * server in turn.
 */
async function roundRobin() {
  const backends: { name: string; port: number }[] = [];
  const served: string[] = [];
  let turn = 0;
  const proxy = await startForwardingProxy((incoming) => {
    const backend = backends[turn++ % backends.length];
    if (!backend) throw new Error('no servers behind the balancer');
    served.push(`${backend.name} ${incoming.method} ${incoming.url?.split('?')[0]}`);
    return backend.port;
  });
  return { port: proxy.port, backends, served, close: proxy.close };
}

describe.runIf(TEST_DATABASE === 'postgres')('two shop servers on one PostgreSQL', () => {
  let database: Awaited<ReturnType<typeof createPostgresTestDatabase>>;
  let balancer: Awaited<ReturnType<typeof roundRobin>>;
  let a: TestApp;
  let b: TestApp;

  beforeAll(async () => {
    database = await createPostgresTestDatabase();
    balancer = await roundRobin();
    const env = {
      DATABASE_URL: database.url,
      PUBLIC_URL: `http://127.0.0.1:${balancer.port}`,
      AUTH_IP_LIMIT_PER_MINUTE: '4',
      AUTH_ACCOUNT_LIMIT_PER_15_MINUTES: '3',
    };
    a = await buildTestApp(env);
    b = await buildTestApp(env);
    balancer.backends.push(
      { name: 'b', port: await listenOnLoopback(b) },
      { name: 'a', port: await listenOnLoopback(a) },
    );
  }, 60_000);

  afterAll(async () => {
    await balancer.close();
    await Promise.all([a.close(), b.close()]);
    await database.drop();
  });

  /** Wrong-password sign-ins sent to a, b, a, b, …; their statuses. */
  async function alternatingSignIns(attempts: { email: string; ip: string }[]) {
    const statuses: number[] = [];
    for (const [index, { email, ip }] of attempts.entries()) {
      const response = await (index % 2 === 0 ? a : b).inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        payload: { email, password: 'not the password' },
        remoteAddress: ip,
      });
      statuses.push(response.statusCode);
    }
    return statuses;
  }

  it('reach the per-IP sign-in limit together', async () => {
    const attempts = Array.from({ length: 6 }, () => ({
      email: uniqueEmail(),
      ip: '198.51.100.7',
    }));
    expect(await alternatingSignIns(attempts)).toEqual([401, 401, 401, 401, 429, 429]);
  });

  it('reach the per-account attempt limit together, whatever the IPs', async () => {
    const email = uniqueEmail();
    const attempts = Array.from({ length: 5 }, (_, index) => ({
      email,
      ip: `203.0.113.${index + 1}`,
    }));
    expect(await alternatingSignIns(attempts)).toEqual([401, 401, 401, 429, 429]);
  });

  it("publish the same signing key for the Google stand-in's tokens", async () => {
    const [fromA, fromB] = await Promise.all([
      a.inject({ url: '/oidc/jwks' }),
      b.inject({ url: '/oidc/jwks' }),
    ]);
    expect(fromA.statusCode).toBe(200);
    const keys = fromA.json<{ keys: { kid: string }[] }>().keys;
    expect(keys).toHaveLength(1);
    expect(fromB.json()).toEqual(fromA.json());
  });

  it('complete a Google sign-in through the stand-in while its requests alternate between them', async () => {
    const browser = newBrowser();
    const servers = [a, b];
    let step = 0;
    /** Each step of the browser's goes to the other server than the last. */
    const next = (options: InjectOptions) => browser.send(servers[step++ % 2] as TestApp, options);

    const signIn = async (choose: (interactionPath: string) => Promise<LightMyRequestResponse>) => {
      const start = await next({ url: '/auth/google/start' });
      const authorize = await next({ url: redirectPath(start) });
      expect(authorize.statusCode).toBe(303);
      const finished = await choose(redirectPath(authorize));
      expect(finished.statusCode).toBe(303);
      const resumed = await next({ url: redirectPath(finished) });
      expect(redirectPath(resumed)).toMatch(/^\/api\/auth\/callback\/google\?code=/);
      const callback = await next({ url: redirectPath(resumed) });
      expect(redirectPath(callback)).toBe('/auth/popup-done');
      const session = await next({ url: '/api/auth/get-session' });
      return session.json<{ user?: { email?: string } } | null>()?.user?.email;
    };

    // The first time: "Use another account", which creates Ann's account at the stand-in.
    const email = await signIn(async (interaction) => {
      expect((await next({ url: interaction })).body).toContain('Choose an account');
      expect((await next({ url: `${interaction}/another` })).body).toContain('name="password"');
      return next({ method: 'POST', url: `${interaction}/login`, ...form(ANN) });
    });
    expect(email).toBe(ANN.email);

    // Again: the stand-in's session, made on one server, lets the account continue on the other
    // without its password.
    const again = await signIn(async (interaction) => {
      const [sub = ''] = listedSubs((await next({ url: interaction })).body);
      return next({ method: 'POST', url: `${interaction}/select`, ...form({ sub }) });
    });
    expect(again).toBe(ANN.email);

    // The shop's server exchanged each code at its own address: through the balancer, by turns.
    const exchanges = balancer.served.filter((line) => line.endsWith('POST /oidc/token'));
    expect(exchanges).toHaveLength(2);
    expect(new Set(balancer.served.map((line) => line.split(' ')[0]))).toEqual(new Set(['a', 'b']));
  });
});

/** The shop's client at the stand-in (app.ts registers it). */
const CLIENT_ID = 'crwn-shop';
const REDIRECT_URI = `${TEST_PUBLIC_URL}/api/auth/callback/google`;

/** An authorization request as the shop makes it, up to the stand-in's chooser. */
async function authorize(browser: Browser, app: TestApp) {
  const verifier = randomBytes(32).toString('base64url');
  const query = new URLSearchParams({
    client_id: CLIENT_ID,
    redirect_uri: REDIRECT_URI,
    response_type: 'code',
    scope: 'openid email profile',
    state: randomBytes(16).toString('base64url'),
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
    prompt: 'select_account',
  });
  const response = await browser.send(app, { url: `/oidc/auth?${query.toString()}` });
  return { interaction: redirectPath(response), verifier };
}

/** Follows a finished interaction to the code, and exchanges it as the shop's server does. */
async function idTokenAfter(
  browser: Browser,
  app: TestApp,
  finished: LightMyRequestResponse,
  verifier: string,
): Promise<string> {
  expect(finished.statusCode).toBe(303);
  const resumed = await browser.send(app, { url: redirectPath(finished) });
  const code = new URL(redirectPath(resumed), TEST_PUBLIC_URL).searchParams.get('code') ?? '';
  const secret = deriveSecret(TEST_AUTH_SECRET, 'local-oidc-client');
  const exchange = form({
    grant_type: 'authorization_code',
    code,
    redirect_uri: REDIRECT_URI,
    code_verifier: verifier,
  });
  const token = await app.inject({
    method: 'POST',
    url: '/oidc/token',
    payload: exchange.payload,
    headers: {
      ...exchange.headers,
      authorization: `Basic ${Buffer.from(`${CLIENT_ID}:${secret}`).toString('base64')}`,
    },
  });
  expect(token.statusCode).toBe(200);
  return token.json<{ id_token: string }>().id_token;
}

describe('a restarted server', () => {
  let place: { env: Record<string, string>; remove: () => Promise<void> };

  beforeAll(async () => {
    if (TEST_DATABASE === 'postgres') {
      const database = await createPostgresTestDatabase();
      place = { env: { DATABASE_URL: database.url }, remove: database.drop };
    } else {
      const dir = await mkdtemp(path.join(tmpdir(), 'crwn-restart-'));
      place = {
        env: { DATABASE_FILE: path.join(dir, 'shop.sqlite') },
        remove: () => rm(dir, { recursive: true, force: true }),
      };
    }
  });
  afterAll(() => place.remove());

  it("keeps the stand-in's sessions and signing key", async () => {
    const browser = newBrowser();
    const before = await buildTestApp(place.env);
    const first = await authorize(browser, before);
    const signedUp = await browser.send(before, {
      method: 'POST',
      url: `${first.interaction}/login`,
      ...form(ANN),
    });
    await idTokenAfter(browser, before, signedUp, first.verifier);
    const jwksBefore = (await before.inject({ url: '/oidc/jwks' })).json<unknown>();
    await before.close();

    const after = await buildTestApp(place.env);
    try {
      const second = await authorize(browser, after);
      const [sub = ''] = listedSubs((await browser.send(after, { url: second.interaction })).body);
      // Continues at once: the session is still Ann's, so no password is asked.
      const picked = await browser.send(after, {
        method: 'POST',
        url: `${second.interaction}/select`,
        ...form({ sub }),
      });
      const idToken = await idTokenAfter(browser, after, picked, second.verifier);
      const [header = ''] = idToken.split('.');
      const { kid } = JSON.parse(Buffer.from(header, 'base64url').toString()) as { kid: string };
      expect((await after.inject({ url: '/oidc/jwks' })).json()).toEqual(jwksBefore);
      expect(jwksBefore).toEqual({ keys: [expect.objectContaining({ kid })] });
    } finally {
      await after.close();
    }
  }, 30_000);
});
