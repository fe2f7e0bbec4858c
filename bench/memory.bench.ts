import autocannon from 'autocannon';
import { readFile } from 'node:fs/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import { serverEnvironment } from '#scripts/server-environment.ts';
import { firstLoadOfHtml } from '#scripts/build/first-load.ts';
import { startShop, type RunningShop } from '#tests/e2e/support/shop-server.ts';
import { round } from './stats.ts';

const CONNECTIONS = 50;
/** How long the server is left alone before idle and after-load figures are read. */
const SETTLE_MS = 5_000;
const SAMPLE_MS = 500;
const BROWSER_ENCODINGS = 'gzip, deflate, br, zstd';

export interface MemoryFigures {
  connections: number;
  seconds: number;
  /** Resident set (VmRSS) in MiB: after start, the highest under load, and after load. */
  idleMiB: number;
  peakMiB: number;
  afterMiB: number;
  requests: number;
  requestsPerSecond: number;
  /** Anything but a 2xx, or a failed connection: the figures are void when not 0. */
  failures: number;
}

/** The server process's resident set in MiB, from the kernel (Linux only). */
export async function residentMiB(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kilobytes = /^VmRSS:\s+(\d+) kB$/m.exec(status)?.[1];
  if (!kilobytes) throw new Error(`No VmRSS for process ${pid}`);
  return round(Number(kilobytes) / 1024, 1);
}

/** A shopper signed up on `shop`: the session cookie and the user's id. */
async function signedUpShopper(shop: RunningShop) {
  const response = await fetch(`${shop.url}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: shop.url },
    body: JSON.stringify({
      name: 'Bench',
      email: `memory-${Date.now()}@example.com`,
      password: 'correct horse battery',
    }),
  });
  if (!response.ok) throw new Error(`sign-up answered ${response.status}`);
  const cookie = response.headers
    .getSetCookie()
    .map((setCookie) => setCookie.split(';')[0])
    .join('; ');
  return { cookie };
}

/**
 * The server's resident memory as the kernel counts it (VmRSS of its process): once started and
 * left alone, its highest during `seconds` of `CONNECTIONS` connections asking for a mix of pages,
 * scripts, JSON API answers and session checks, and again when it has been left alone after the
 * load. The server runs as `npm start` runs it (scripts/server-environment.ts), at the default
 * log level, started twice: the first start fills Node's compile cache, as any earlier start of
 * the same code would have; the second is measured.
 */
export async function benchMemory(clientDir: string, seconds: number): Promise<MemoryFigures> {
  const env = { ...serverEnvironment(process.env), CLIENT_DIR: clientDir, LOG_LEVEL: 'info' };
  const warmUp = await startShop(env, { stdout: 'ignore' });
  await warmUp.stop();
  const shop = await startShop(env, { stdout: 'ignore' });
  try {
    const pid = shop.process.pid;
    if (pid === undefined) throw new Error('The shop has no process id');
    await sleep(SETTLE_MS);
    const idleMiB = await residentMiB(pid);

    const { cookie } = await signedUpShopper(shop);
    // The home page is rendered by the server from the catalogue (ADR 035), not a built file.
    const homeHtml = await (await fetch(`${shop.url}/`)).text();
    const { scripts } = await firstLoadOfHtml(clientDir, homeHtml);
    const encoded = { 'accept-encoding': BROWSER_ENCODINGS };
    const paymentHost = new URL(shop.paymentUrl).host;
    const requests: autocannon.Request[] = [
      { method: 'GET', path: '/', headers: encoded },
      { method: 'GET', path: '/shop/hats', headers: encoded },
      { method: 'GET', path: scripts[0] ?? '/favicon.svg', headers: encoded },
      { method: 'GET', path: '/api/auth/get-session', headers: { ...encoded, cookie } },
      { method: 'GET', path: '/api/orders', headers: { ...encoded, cookie } },
      { method: 'GET', path: '/api/payments/widget', headers: encoded },
      { method: 'GET', path: '/pay/v1/checkout.js', headers: { ...encoded, host: paymentHost } },
      { method: 'GET', path: '/checkout', headers: encoded },
    ];

    let peakMiB = idleMiB;
    let sampling = true;
    const sampler = (async () => {
      while (sampling) {
        peakMiB = Math.max(peakMiB, await residentMiB(pid));
        await sleep(SAMPLE_MS);
      }
    })();
    const result = await autocannon({
      url: shop.url,
      connections: CONNECTIONS,
      duration: seconds,
      requests,
    });
    sampling = false;
    await sampler;
    await sleep(SETTLE_MS);
    const afterMiB = await residentMiB(pid);
    return {
      connections: CONNECTIONS,
      seconds,
      idleMiB,
      peakMiB: Math.max(peakMiB, afterMiB),
      afterMiB,
      requests: result.requests.total,
      requestsPerSecond: Math.round(result.requests.average),
      failures: result.non2xx + result.errors + result.timeouts,
    };
  } finally {
    await shop.stop();
  }
}
