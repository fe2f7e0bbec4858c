import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { PAYMENT_HOST, UNLIMITED } from '#server/test/payments.ts';
import { seededRandom } from '#tests/security/random.ts';
import { GOOD_PASSWORD, cookieHeader, signUp } from '#server/test/shoppers.ts';
import { buildTestApp, TEST_PUBLIC_URL, type TestApp } from '#server/test/test-app.ts';

/**
 * No client input makes the server fail: a few hundred generated bodies to every endpoint that
 * takes one (valid bodies with one part changed, random JSON, deep nesting, huge strings, bad
 * JSON, other content types), and not one answer is a 5xx or carries internal text. Seeded, so a
 * failure repeats: FUZZ_SEED=<n> and FUZZ_BODIES=<per endpoint> change the run.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20261123);
const BODIES_PER_ENDPOINT = Number(process.env.FUZZ_BODIES ?? 300);
/** Words that only a server's own failure would put in an answer. */
const INTERNAL_TEXT =
  /SQLITE|node_modules|\/src\/server|\bat [\w.<>]+ \(|TypeError|RangeError|ReferenceError|call stack|Kysely|better-auth|undefined is not/i;

/** The suites' seeded source (tests/security/random.ts) with the draws the fuzzer needs. */
function generator(seed: number) {
  const { next } = seededRandom(seed);
  const int = (max: number) => Math.floor(next() * max);
  const pick = <T>(items: readonly T[]): T => items[int(items.length)] as T;
  return { next, int, pick };
}
type Random = ReturnType<typeof generator>;

const STRINGS = [
  '',
  ' ',
  'a',
  '0',
  'null',
  'true',
  '__proto__',
  'constructor',
  "' OR 1=1 --",
  '<script>alert(1)</script>',
  '\u0000',
  '\ud800',
  '😀'.repeat(50),
  'ada@example.com',
  'ADA@EXAMPLE.COM ',
  GOOD_PASSWORD,
  'tok_abcdefghijklmnopqrstuvwxyz012345',
  '4242 4242 4242 4242',
  '../../etc/passwd',
  '%00',
  '1e400',
];
const KEYS = ['__proto__', 'constructor', 'prototype', 'x', 'role', 'id', 'amount', 'price', ''];

function randomString(random: Random): string {
  switch (random.int(4)) {
    case 0:
      return random.pick(STRINGS);
    case 1:
      return 'x'.repeat(random.pick([1, 60, 61, 254, 255, 2048, 9000]));
    case 2:
      return String.fromCharCode(
        ...Array.from({ length: random.int(40) }, () => random.int(0xffff)),
      );
    default:
      return randomBytes(random.int(30)).toString('base64');
  }
}

function randomValue(random: Random, depth = 0): unknown {
  const kinds = depth > 4 ? 5 : 7;
  switch (random.int(kinds)) {
    case 0:
      return null;
    case 1:
      return random.next() < 0.5;
    case 2:
      return random.pick([0, -0, -1, 1, 1.5, 1e308, -1e308, 2 ** 53 + 1, 12, 2030, 99999]);
    case 3:
    case 4:
      return randomString(random);
    case 5:
      return Array.from({ length: random.int(5) }, () => randomValue(random, depth + 1));
    default:
      return Object.fromEntries(
        Array.from({ length: random.int(5) }, () => [
          random.pick(KEYS),
          randomValue(random, depth + 1),
        ]),
      );
  }
}

/** A valid body with one part changed: a field replaced, dropped or added, or one nested. */
function mutate(random: Random, template: Record<string, unknown>): unknown {
  const body: Record<string, unknown> = structuredClone(template);
  const keys = Object.keys(body);
  const key = keys.length > 0 ? random.pick(keys) : 'x';
  switch (random.int(4)) {
    case 0:
      body[key] = randomValue(random);
      break;
    case 1:
      delete body[key];
      break;
    case 2:
      body[random.pick(KEYS)] = randomValue(random);
      break;
    default: {
      const inner = body[key];
      if (typeof inner === 'object' && inner !== null) body[key] = mutate(random, inner as never);
      else body[key] = [inner];
    }
  }
  return body;
}

function nested(random: Random): string {
  const depth = random.pick([10, 33, 100, 1000, 5000, 7000]);
  return random.next() < 0.5
    ? '['.repeat(depth) + ']'.repeat(depth)
    : '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);
}

interface Sent {
  body: string;
  contentType: string;
}

const FORM = 'application/x-www-form-urlencoded';
const JSON_TYPE = 'application/json';

function formOf(value: unknown): string {
  if (typeof value !== 'object' || value === null) return String(value);
  return new URLSearchParams(
    Object.entries(value).map(([key, item]): [string, string] => [
      key,
      typeof item === 'string' ? item : String(JSON.stringify(item)),
    ]),
  ).toString();
}

/** One generated body for an endpoint whose valid body is `template`. */
function generateBody(random: Random, template: Record<string, unknown>, form: boolean): Sent {
  const type = form ? FORM : JSON_TYPE;
  const encode = (value: unknown) => (form ? formOf(value) : (JSON.stringify(value) ?? 'null'));
  switch (random.int(8)) {
    case 0:
    case 1:
    case 2:
      return { body: encode(mutate(random, template)), contentType: type };
    case 3:
      return { body: encode(randomValue(random)), contentType: type };
    case 4:
      return { body: nested(random), contentType: JSON_TYPE };
    case 5:
      return {
        body: encode({ ...template, [random.pick(Object.keys(template))]: 'x'.repeat(20_000) }),
        contentType: type,
      };
    case 6:
      return {
        body: random.pick(['{', '{"a":}', 'nul', '[1,]', '\u0000', '', '"\\ud800"', '{"a":1}x']),
        contentType: random.pick([JSON_TYPE, 'application/json; charset=latin1']),
      };
    default:
      return {
        body: encode(mutate(random, template)),
        contentType: random.pick([form ? JSON_TYPE : FORM, 'text/plain', 'multipart/form-data']),
      };
  }
}

interface Endpoint {
  method: 'POST' | 'PUT' | 'PATCH';
  url: () => string;
  template: Record<string, unknown>;
  form?: boolean;
  cookie?: () => string;
  /** The Host to ask, when not the shop's. */
  host?: string;
  /** Fewer bodies where most answers cost a password hash. */
  share?: number;
}

let app: TestApp;
let shopper: { id: string; cookie: string };
/** The local provider's sign-in: an interaction and its cookies, renewed when one ends. */
let interaction = { uid: '', cookie: '' };

async function startInteraction() {
  const verifier = randomBytes(32).toString('base64url');
  const query = new URLSearchParams({
    client_id: 'crwn-shop',
    redirect_uri: `${TEST_PUBLIC_URL}/api/auth/callback/google`,
    response_type: 'code',
    scope: 'openid email profile',
    state: 'fuzz',
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
    prompt: 'select_account',
  });
  const response = await app.inject({ url: `/oidc/auth?${query.toString()}` });
  const uid = String(response.headers.location).split('/').pop() ?? '';
  interaction = { uid, cookie: cookieHeader(response.headers['set-cookie']) };
}

beforeAll(async () => {
  app = await buildTestApp(UNLIMITED);
  shopper = await signUp(app, 'Ada');
  await startInteraction();
});

afterAll(() => app.close());

it('answers no generated body with a 5xx or internal text', async () => {
  const interactionForm = (
    action: string,
    template: Record<string, unknown>,
    share = 1,
  ): Endpoint => ({
    method: 'POST',
    share,
    url: () => `/oidc/interaction/${interaction.uid}/${action}`,
    template,
    form: true,
    cookie: () => interaction.cookie,
  });
  const endpoints: Endpoint[] = [
    {
      method: 'POST',
      url: () => '/api/auth/sign-in/email',
      template: { email: 'ada@example.com', password: GOOD_PASSWORD },
    },
    {
      method: 'POST',
      url: () => '/api/auth/sign-up/email',
      template: { name: 'Ada', email: 'fuzz@example.com', password: GOOD_PASSWORD },
    },
    { method: 'POST', url: () => '/api/auth/sign-out', template: {} },
    ...(['PUT', 'PATCH'] as const).map((method) => ({
      method,
      url: () => `/api/users/${shopper.id}`,
      template: { displayName: 'Ada' },
      cookie: () => shopper.cookie,
    })),
    {
      method: 'POST',
      url: () => '/api/orders',
      template: {
        token: 'tok_abcdefghijklmnopqrstuvwxyz012345',
        idempotencyKey: '0b6f7c1e-5d0a-4c1e-9a8e-3f2b1c0d9e8f',
        lines: [{ id: 1, quantity: 2 }],
        approvedTotal: 5000,
        email: 'ada@example.com',
      },
      cookie: () => shopper.cookie,
    },
    ...(
      [
        ['PUT', '/api/cart', { version: 0, lines: [{ id: 1, quantity: 2 }] }],
        ['POST', '/api/cart/merge', { lines: [{ id: 1, quantity: 2 }] }],
      ] as const
    ).map(([method, url, template]) => ({
      method,
      url: () => url,
      template,
      cookie: () => shopper.cookie,
    })),
    {
      method: 'POST',
      url: () => '/pay/v1/tokens',
      // The provider answers on its own host only (ADR 019).
      host: PAYMENT_HOST,
      template: {
        key: 'pk_test_crwn_clothing',
        card: { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2030, cvc: '123' },
        email: 'ada@example.com',
      },
    },
    // Once the account exists, every password tried costs an argon2 hash (tens of ms).
    interactionForm('login', { email: 'ann@example.com', name: 'Ann', password: 'short' }, 1 / 3),
    interactionForm('select', { sub: 'x' }),
    interactionForm('forget', { sub: 'x' }),
    interactionForm('abort', {}),
    {
      method: 'POST',
      url: () => '/oidc/token',
      template: { grant_type: 'authorization_code', code: 'x', redirect_uri: 'x' },
      form: true,
    },
  ];

  const random = generator(SEED);
  const failures: string[] = [];
  const figures: string[] = [];
  for (const endpoint of endpoints) {
    const statuses = new Map<number, number>();
    const started = performance.now();
    const bodies = Math.round(BODIES_PER_ENDPOINT * (endpoint.share ?? 1));
    for (let sent = 0; sent < bodies; sent += 1) {
      const { body, contentType } = generateBody(random, endpoint.template, endpoint.form ?? false);
      const url = endpoint.url();
      const response = await app.inject({
        method: endpoint.method,
        url,
        headers: {
          'content-type': contentType,
          ...(endpoint.host ? { host: endpoint.host } : {}),
          ...(endpoint.cookie ? { cookie: endpoint.cookie() } : {}),
        },
        payload: body,
      });
      statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
      if (response.statusCode >= 500 || INTERNAL_TEXT.test(response.body)) {
        failures.push(`${endpoint.method} ${url} ${response.statusCode} ← ${body.slice(0, 120)}`);
      }
      // A successful login or an abort ends the interaction: start another for the next body.
      const next = String(response.headers.location ?? '');
      if (response.statusCode === 303 && !next.startsWith('/oidc/interaction/')) {
        await startInteraction();
      }
    }
    const fiveHundreds = [...statuses].filter(([status]) => status >= 500);
    figures.push(
      `${endpoint.method} ${endpoint.url().replace(/\/[^/]{20,}(\/|$)/, '/:id$1')}: ` +
        `${bodies} bodies, 5xx ${fiveHundreds.reduce((n, [, count]) => n + count, 0)}, ` +
        `statuses ${JSON.stringify(Object.fromEntries(statuses))}, ` +
        `${Math.round(performance.now() - started)} ms`,
    );
  }
  console.log(`Fuzzed bodies (seed ${SEED}):\n  ${figures.join('\n  ')}`);
  expect(failures).toEqual([]);
}, 60_000);
