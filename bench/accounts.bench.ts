import { startShop } from '#tests/e2e/support/shop-server.ts';
import { readEventStream } from '#server/test/event-stream.ts';
import { percentile, round } from './stats.ts';

const SIGN_INS = 200;
const SUBSCRIBERS = 100;
const CHANGES = 20;
const PASSWORD = 'correct horse battery';

interface Figures {
  signInMs: { p50: number; p95: number; samples: number };
  profileFanOutMs: { subscribers: number; changes: number; p50: number; p95: number; max: number };
}

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

/**
 * Sign-in latency (sequential, one account, argon2id included) and the time for one profile
 * change to reach 100 open live subscribers, against the real built server on loopback.
 */
export async function benchAccounts(): Promise<Figures> {
  const shop = await startShop({ AUTH_ACCOUNT_LIMIT_PER_15_MINUTES: '100000', LOG_LEVEL: 'warn' });
  try {
    const email = `bench-${Date.now()}@example.com`;
    const signUp = await fetch(`${shop.url}/api/auth/sign-up/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: shop.url },
      body: JSON.stringify({ name: 'Bench', email, password: PASSWORD }),
    });
    const { user } = (await signUp.json()) as { user: { id: string } };
    const cookie = signUp.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');

    const signInMs: number[] = [];
    for (let i = 0; i < SIGN_INS; i += 1) {
      const started = performance.now();
      const response = await fetch(`${shop.url}/api/auth/sign-in/email`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: shop.url },
        body: JSON.stringify({ email, password: PASSWORD }),
      });
      await response.arrayBuffer();
      if (!response.ok) throw new Error(`sign-in answered ${response.status}`);
      signInMs.push(performance.now() - started);
    }

    const documentUrl = `${shop.url}/api/users/${user.id}`;
    await fetch(documentUrl, {
      method: 'PUT',
      headers: { cookie, 'content-type': 'application/json', origin: shop.url },
      body: '{}',
    });
    const controller = new AbortController();
    let waiting: { name: string; remaining: number; done: () => void } | undefined;
    let connected = 0;
    await Promise.all(
      Array.from({ length: SUBSCRIBERS }, () =>
        subscribe(`${documentUrl}/events`, cookie, controller.signal, (name) => {
          if (name === 'Bench') connected += 1;
          if (waiting && name === waiting.name && --waiting.remaining === 0) waiting.done();
        }),
      ),
    );
    while (connected < SUBSCRIBERS) await new Promise((resolve) => setTimeout(resolve, 10));

    const fanOutMs: number[] = [];
    for (let change = 0; change < CHANGES; change += 1) {
      const name = `Bench ${change}`;
      const started = performance.now();
      const allReached = new Promise<void>(
        (done) => (waiting = { name, remaining: SUBSCRIBERS, done }),
      );
      await fetch(documentUrl, {
        method: 'PATCH',
        headers: { cookie, 'content-type': 'application/json', origin: shop.url },
        body: JSON.stringify({ displayName: name }),
      });
      await allReached;
      fanOutMs.push(performance.now() - started);
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
        changes: CHANGES,
        p50: round(percentile(fanOutMs, 50)),
        p95: round(percentile(fanOutMs, 95)),
        max: round(Math.max(...fanOutMs)),
      },
    };
  } finally {
    await shop.stop();
  }
}
