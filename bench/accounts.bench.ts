import type { RunningShop } from '#tests/e2e/support/shop-server.ts';
import { readEventStream } from '#server/test/event-stream.ts';
import { percentile, round } from './stats.ts';

const SIGN_INS = 200;
const SUBSCRIBERS = 500;
const CHANGES = 20;
const PASSWORD = 'correct horse battery';

export interface AccountsFigures {
  signInMs: { p50: number; p95: number; samples: number };
  profileFanOutMs: {
    subscribers: number;
    servers: number;
    changes: number;
    p50: number;
    p95: number;
    max: number;
    /** Deliveries that had not arrived 10 s after a change (should be 0). */
    missed: number;
  };
}

/** How long one change may take to reach every subscriber before it counts as missed. */
const FAN_OUT_LIMIT_MS = 10_000;

/** The settings every server of the accounts benchmark runs with (see setups.ts). */
export const ACCOUNTS_BENCH_ENV = {
  AUTH_ACCOUNT_LIMIT_PER_15_MINUTES: '100000',
  LOG_LEVEL: 'warn',
};

/** Opens one users/{uid}/events stream and calls `onName` with each pushed display name. */
function subscribe(
  url: string,
  cookie: string,
  signal: AbortSignal,
  onName: (name: string) => void,
) {
  return readEventStream(url, {
    cookie,
    signal,
    onData: (document) => onName((document as { displayName: string }).displayName),
  });
}

const json = (shop: RunningShop, method: string, cookie = '') => ({
  method,
  headers: { cookie, 'content-type': 'application/json', origin: shop.url },
});

/**
 * Sign-in latency (sequential, one account, argon2id included, sent to the servers in turn) and
 * the time for one profile change, made through the last server, to reach 500 open live
 * subscribers spread evenly over all the servers (on PostgreSQL the other servers hear of it
 * through LISTEN/NOTIFY). Against the real built servers on loopback.
 */
export async function benchAccounts(shops: readonly RunningShop[]): Promise<AccountsFigures> {
  const shopFor = (index: number) => shops[index % shops.length] as RunningShop;
  const first = shopFor(0);
  const last = shopFor(shops.length - 1);
  const email = `bench-${Date.now()}@example.com`;
  const signUp = await fetch(`${first.url}/api/auth/sign-up/email`, {
    ...json(first, 'POST'),
    body: JSON.stringify({ name: 'Bench', email, password: PASSWORD }),
  });
  const { user } = (await signUp.json()) as { user: { id: string } };
  const cookie = signUp.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');

  const signInMs: number[] = [];
  for (let i = 0; i < SIGN_INS; i += 1) {
    const shop = shopFor(i);
    const started = performance.now();
    const response = await fetch(`${shop.url}/api/auth/sign-in/email`, {
      ...json(shop, 'POST'),
      body: JSON.stringify({ email, password: PASSWORD }),
    });
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`sign-in answered ${response.status}`);
    signInMs.push(performance.now() - started);
  }

  const documentPath = `/api/users/${user.id}`;
  await fetch(`${first.url}${documentPath}`, { ...json(first, 'PUT', cookie), body: '{}' });
  const controller = new AbortController();
  let waiting: { name: string; remaining: number; done: () => void } | undefined;
  let connected = 0;
  await Promise.all(
    Array.from({ length: SUBSCRIBERS }, (_, i) =>
      subscribe(`${shopFor(i).url}${documentPath}/events`, cookie, controller.signal, (name) => {
        if (name === 'Bench') connected += 1;
        if (waiting && name === waiting.name && --waiting.remaining === 0) waiting.done();
      }),
    ),
  );
  while (connected < SUBSCRIBERS) await new Promise((resolve) => setTimeout(resolve, 10));

  const fanOutMs: number[] = [];
  let missed = 0;
  for (let change = 0; change < CHANGES; change += 1) {
    const name = `Bench ${change}`;
    const started = performance.now();
    const allReached = new Promise<void>(
      (done) => (waiting = { name, remaining: SUBSCRIBERS, done }),
    );
    await fetch(`${last.url}${documentPath}`, {
      ...json(last, 'PATCH', cookie),
      body: JSON.stringify({ displayName: name }),
    });
    const reached = await Promise.race([
      allReached.then(() => true),
      new Promise<false>((resolve) => setTimeout(() => resolve(false), FAN_OUT_LIMIT_MS)),
    ]);
    if (reached) fanOutMs.push(performance.now() - started);
    else missed += waiting?.remaining ?? 0;
  }
  controller.abort();

  return {
    signInMs: {
      p50: round(percentile(signInMs, 50)),
      p95: round(percentile(signInMs, 95)),
      samples: SIGN_INS,
    },
    profileFanOutMs: {
      subscribers: SUBSCRIBERS,
      servers: shops.length,
      changes: CHANGES,
      p50: round(percentile(fanOutMs, 50)),
      p95: round(percentile(fanOutMs, 95)),
      max: round(Math.max(...fanOutMs)),
      missed,
    },
  };
}
