import path from 'node:path';
import { firstLoad, type FirstLoad } from '#scripts/build/first-load.ts';
import { startShop } from '#tests/e2e/support/shop-server.ts';
import { benchAccounts } from './accounts.bench.ts';
import { benchLighthouse, type PageFigures } from './lighthouse.bench.ts';
import { benchMemory } from './memory.bench.ts';
import { benchOrders } from './orders.bench.ts';
import { benchStartup } from './startup.bench.ts';
import { benchThroughput } from './throughput.bench.ts';

/**
 * Runs every benchmark against the built shop (run `npm run build` first, or `npm run bench`,
 * which does) and prints a table and the same figures as JSON. bench/README.md says how to read
 * them and which environment variables shorten or lengthen a run.
 */
const SECTIONS = [
  'first-load',
  'throughput',
  'lighthouse',
  'accounts',
  'orders',
  'memory',
  'startup',
] as const;
type Section = (typeof SECTIONS)[number];

function count(name: string, fallback: number): number {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(value) || value < 0) throw new Error(`${name} must be a whole number`);
  return value;
}

const only = (process.env.BENCH_ONLY ?? SECTIONS.join(',')).split(',').map((name) => name.trim());
const unknown = only.filter((name) => !SECTIONS.includes(name as Section));
if (unknown.length > 0) throw new Error(`BENCH_ONLY: unknown ${unknown.join(', ')}`);
const runs = (section: Section) => only.includes(section);

const mobileRuns = count('BENCH_RUNS', 3);
const desktopRuns = count('BENCH_DESKTOP_RUNS', 1);
const seconds = count('BENCH_SECONDS', 3);
const rounds = count('BENCH_ROUNDS', 3);
const memorySeconds = count('BENCH_MEMORY_SECONDS', 120);
// The shop started by the benchmarks inherits CLIENT_DIR too, so a copied build can be measured.
const clientDir = process.env.CLIENT_DIR ?? path.resolve(import.meta.dirname, '../build/client');
const kb = (bytes: number) => Number((bytes / 1000).toFixed(1));
const figures: Record<string, unknown> = {};

if (runs('first-load')) {
  const pages: Record<string, FirstLoad> = {};
  for (const page of ['/', '/shop/hats']) pages[page] = await firstLoad(clientDir, page);
  figures.firstLoad = pages;
  console.log(
    '\nFirst load: HTML, JavaScript and CSS a browser fetches (kB = 1000 bytes; CSS inline in the HTML counted both ways)',
  );
  console.table(
    Object.fromEntries(
      Object.entries(pages).flatMap(([page, load]) => [
        [`${page} HTML`, { files: 1, ...mapKb(load.html) }],
        [`${page} JS`, { files: load.scripts.length, ...mapKb(load.js) }],
        [`${page} CSS`, { files: load.styles.length, ...mapKb(load.css) }],
      ]),
    ),
  );
}

function mapKb(sizes: FirstLoad['js']) {
  return { 'brotli kB': kb(sizes.brotli), 'gzip kB': kb(sizes.gzip), 'raw kB': kb(sizes.raw) };
}

if (runs('throughput')) {
  const throughput = await benchThroughput(clientDir, seconds, rounds);
  figures.throughput = throughput;
  console.log(
    `\nThroughput (autocannon, loopback, 10 connections; median of ${rounds} rounds of ${seconds} s)`,
  );
  console.table(
    Object.fromEntries(
      throughput.map(({ target, url: _url, ofBarePercent, ...row }) => [
        target,
        { ...row, 'of bare': ofBarePercent === null ? '' : `${ofBarePercent}%` },
      ]),
    ),
  );
}

if (runs('lighthouse')) {
  const shop = await startShop({ LOG_LEVEL: 'warn' });
  const pages: PageFigures[] = [];
  try {
    if (mobileRuns > 0) pages.push(...(await benchLighthouse(shop.url, 'mobile', mobileRuns)));
    if (desktopRuns > 0) pages.push(...(await benchLighthouse(shop.url, 'desktop', desktopRuns)));
  } finally {
    await shop.stop();
  }
  figures.lighthouse = pages;
  console.log('\nLighthouse (simulated throttling; medians over the runs)');
  console.table(
    Object.fromEntries(
      pages.map(({ preset, page, flagged: _flagged, failedRuns: _failed, ...row }) => [
        `${preset} ${page}`,
        row,
      ]),
    ),
  );
  for (const { preset, page, flagged, failedRuns } of pages) {
    if (flagged.length > 0) console.log(`  ${preset} ${page} flagged: ${flagged.join(', ')}`);
    if (failedRuns.length > 0) {
      console.log(
        `  ${preset} ${page} runs Lighthouse could not complete: ${failedRuns.join(', ')}`,
      );
    }
  }
}

if (runs('accounts')) {
  const accounts = await benchAccounts();
  figures.accounts = accounts;
  console.log('\nAccounts (loopback, real server, embedded SQLite)');
  console.table({
    'sign-in latency (ms)': {
      p50: accounts.signInMs.p50,
      p95: accounts.signInMs.p95,
      n: accounts.signInMs.samples,
    },
    [`profile change to ${accounts.profileFanOutMs.subscribers} subscribers (ms)`]: {
      p50: accounts.profileFanOutMs.p50,
      p95: accounts.profileFanOutMs.p95,
      n: accounts.profileFanOutMs.changes,
    },
  });
}

if (runs('orders')) {
  const orders = await benchOrders();
  figures.orders = orders;
  console.log(
    `\nOrders (${orders.orders} checkouts, ${orders.concurrency} at a time, embedded SQLite)`,
  );
  console.table({
    'POST /api/orders': { 'orders/s': orders.ordersPerSecond, ...orders.latencyMs },
  });
}

if (runs('memory')) {
  const memory = await benchMemory(clientDir, memorySeconds);
  figures.memory = memory;
  console.log(
    `\nServer memory (resident set, MiB; ${memory.connections} connections for ${memory.seconds} s, mixed requests)`,
  );
  console.table({
    'npm start settings': {
      idle: memory.idleMiB,
      'peak under load': memory.peakMiB,
      'after load': memory.afterMiB,
      'requests/s': memory.requestsPerSecond,
      failures: memory.failures,
    },
  });
}

if (runs('startup')) {
  const startup = await benchStartup();
  figures.startup = startup;
  console.log(
    '\nnpm start to the first 200 of / (seconds; one run each, in a copy of the checkout)',
  );
  console.table({
    'cold (no build: builds first)': { seconds: startup.coldSeconds },
    'warm (build up to date)': { seconds: startup.warmSeconds },
  });
  console.log(`  cold start's ${startup.images}`);
}

console.log(JSON.stringify(figures, null, 2));
