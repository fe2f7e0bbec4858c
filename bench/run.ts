import { availableParallelism } from 'node:os';
import path from 'node:path';
import {
  firstLoad,
  firstLoadOfHtml,
  prerenderedPages,
  type FirstLoad,
} from '#scripts/build/first-load.ts';
import { renderedSamples } from '#scripts/build/rendered-pages.ts';
import { startShop } from '#tests/e2e/support/shop-server.ts';
import { ACCOUNTS_BENCH_ENV, benchAccounts } from './accounts.bench.ts';
import { BACK_OFFICE_BENCH_ENV, benchBackOffice, type ListFigures } from './backoffice.bench.ts';
import {
  CATALOGUE_BENCH_ENV,
  benchCatalogue,
  benchCatalogueInProcess,
  writeBenchCatalogue,
} from './catalogue.bench.ts';
import { startCpuBurner } from './cpu-burner.ts';
import { LIGHTHOUSE_PAGES, benchLighthouse, median, type PageFigures } from './lighthouse.bench.ts';
import {
  CPU_SLOWDOWN,
  LONG_TASK_MS,
  benchMainThread,
  type MainThreadFigures,
} from './main-thread.bench.ts';
import { benchMemory } from './memory.bench.ts';
import { startChildServer } from './child-server.ts';
import { benchSideBySide } from './side-by-side.bench.ts';
import { ORDERS_BENCH_ENV, benchOrders } from './orders.bench.ts';
import { withSetups } from './setups.ts';
import { benchStartup } from './startup.bench.ts';
import { benchThroughput } from './throughput.bench.ts';
import { benchUploads } from './uploads.bench.ts';

/**
 * Runs every benchmark against the built shop (run `npm run build` first, or `npm run bench`,
 * which does) and prints a table and the same figures as JSON. bench/README.md says how to read
 * them and which environment variables shorten or lengthen a run.
 */
const SECTIONS = [
  'first-load',
  'throughput',
  'lighthouse',
  'side-by-side',
  'accounts',
  'orders',
  'catalogue',
  'backoffice',
  'memory',
  'uploads',
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
const busyRuns = count('BENCH_BUSY_RUNS', 3);
const mainThreadRuns = count('BENCH_MAIN_THREAD_RUNS', 3);
// The main-thread figures with the burner running too, unless BENCH_BUSY_MAIN_THREAD=0.
const busyMainThread = count('BENCH_BUSY_MAIN_THREAD', 1) > 0;
const seconds = count('BENCH_SECONDS', 3);
const rounds = count('BENCH_ROUNDS', 3);
const memorySeconds = count('BENCH_MEMORY_SECONDS', 120);
const peerRounds = count('BENCH_PEER_ROUNDS', 3);
// The shop started by the benchmarks inherits CLIENT_DIR too, so a copied build can be measured.
// Absolute, since the shop runs in its data folder.
const clientDir = path.resolve(
  process.env.CLIENT_DIR ?? path.join(import.meta.dirname, '../build/client'),
);
process.env.CLIENT_DIR = clientDir;
const kb = (bytes: number) => Number((bytes / 1000).toFixed(1));
const figures: Record<string, unknown> = {};

if (runs('first-load')) {
  const pages: Record<string, FirstLoad> = {};
  for (const page of await prerenderedPages(clientDir)) {
    pages[page] = await firstLoad(clientDir, page);
  }
  // The catalogue's pages as the server renders them (ADR 035), a product page among them.
  for (const [page, html] of await renderedSamples(clientDir)) {
    pages[page] = await firstLoadOfHtml(clientDir, html);
  }
  figures.firstLoad = pages;
  console.log(
    '\nFirst load of every prerendered page and of a sample of each rendered one: JavaScript, HTML and its inline CSS (kB = 1000 bytes; brotli unless named)',
  );
  console.table(
    Object.fromEntries(
      Object.entries(pages).map(([page, load]) => [
        page,
        {
          'JS files': load.scripts.length,
          'JS kB': kb(load.js.brotli),
          'JS gzip kB': kb(load.js.gzip),
          'JS raw kB': kb(load.js.raw),
          'HTML kB': kb(load.html.brotli),
          'CSS kB': kb(load.css.brotli),
        },
      ]),
    ),
  );
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
  const mainThread: MainThreadFigures[] = [];
  try {
    if (mobileRuns > 0) pages.push(...(await benchLighthouse(shop.url, 'mobile', mobileRuns)));
    if (desktopRuns > 0) pages.push(...(await benchLighthouse(shop.url, 'desktop', desktopRuns)));
    if (mainThreadRuns > 0) {
      mainThread.push(...(await benchMainThread(shop.url, LIGHTHOUSE_PAGES, mainThreadRuns)));
    }
    if (busyRuns > 0 || (busyMainThread && mainThreadRuns > 0)) {
      const burner = startCpuBurner();
      try {
        if (busyRuns > 0) {
          pages.push(...(await benchLighthouse(shop.url, 'mobile', busyRuns, 'busy')));
        }
        if (busyMainThread && mainThreadRuns > 0) {
          mainThread.push(
            ...(await benchMainThread(shop.url, LIGHTHOUSE_PAGES, mainThreadRuns, 'busy')),
          );
        }
      } finally {
        await burner.stop();
      }
    }
  } finally {
    await shop.stop();
  }
  figures.lighthouse = pages;
  figures.mainThread = mainThread;
  // Each page's quiet and busy rows side by side.
  const order = (row: { page: string }) => LIGHTHOUSE_PAGES.indexOf(row.page as never);
  console.log(
    `\nLighthouse (simulated throttling; medians over the runs; busy: ${availableParallelism()} spinning threads, bench/cpu-burner.ts)`,
  );
  console.table(
    Object.fromEntries(
      [...pages]
        .sort((a, b) => order(a) - order(b))
        .map(({ preset, machine, page, flagged: _flagged, failedRuns: _failed, ...row }) => [
          `${preset} ${machine} ${page}`,
          row,
        ]),
    ),
  );
  for (const { preset, machine, page, flagged, failedRuns } of pages) {
    const name = `${preset} ${machine} ${page}`;
    if (flagged.length > 0) console.log(`  ${name} flagged: ${flagged.join(', ')}`);
    if (failedRuns.length > 0) {
      console.log(`  ${name} runs Lighthouse could not complete: ${failedRuns.join(', ')}`);
    }
  }
  if (mainThread.length > 0) {
    console.log(
      `\nMain thread at start, Chromium with its CPU slowed ${CPU_SLOWDOWN}x and no DevTools Runtime domain (ADR 051; ms; medians of ${mainThreadRuns} runs; target: no task over ${LONG_TASK_MS} ms)`,
    );
    console.table(
      Object.fromEntries(
        [...mainThread]
          .sort((a, b) => order(a) - order(b))
          .map(({ machine, page, longTasks: _long, ...row }) => [
            `${machine} ${page}`,
            {
              ...row,
              // Lighthouse's own figure for the page on the same machine, from this run.
              'Lighthouse TBT ms': pages.find(
                (figure) =>
                  figure.preset === 'mobile' && figure.machine === machine && figure.page === page,
              )?.tbtMs,
            },
          ]),
      ),
    );
    for (const { machine, page, longTasks } of mainThread) {
      if (longTasks.length > 0) {
        console.log(`  ${machine} ${page} tasks over ${LONG_TASK_MS} ms (median run):`);
        for (const task of longTasks) console.log(`    ${task}`);
      }
    }
  }
}

// The original crwn-clothing beside the shop (issue 26): its client build is not in the project.
if (runs('side-by-side')) {
  const peerDir = process.env.PEER_CLIENT_DIR;
  if (!peerDir) {
    console.log(
      '\nSide by side with the original: skipped (set PEER_CLIENT_DIR to its client build folder; bench/README.md says how to make one)',
    );
  } else if (peerRounds > 0) {
    const shop = await startShop({ LOG_LEVEL: 'warn' });
    const peer = await startChildServer('peer-server.ts', path.resolve(peerDir));
    try {
      const rows = await benchSideBySide(shop.url, peer.url, peerRounds);
      figures.sideBySide = rows;
      console.log(
        `\nSide by side with the original (Lighthouse mobile, interleaved run by run, ${peerRounds} rounds; TBT ms, performance 0-100)`,
      );
      console.table(
        Object.fromEntries(
          rows.map((row) => [
            row.page === row.peerPage ? row.page : `${row.page} (original: ${row.peerPage})`,
            {
              'TBT original': row.peerTbtMs.join(', '),
              'TBT shop': row.shopTbtMs.join(', '),
              'median original': row.peerTbtMedianMs,
              'median shop': row.shopTbtMedianMs,
              'perf original': row.peerPerformanceMedian,
              'perf shop': row.shopPerformanceMedian,
              load: row.load.join(', '),
              'benchmarkIndex original/shop': `${median(row.peerBenchmarkIndex)}/${median(row.shopBenchmarkIndex)}`,
            },
          ]),
        ),
      );
      for (const row of rows) {
        if (row.failed.length > 0)
          console.log(`  ${row.page} failed runs: ${row.failed.join(', ')}`);
      }
    } finally {
      await peer.stop();
      await shop.stop();
    }
  }
}

// SQLite with one server, PostgreSQL with one and with two, in one run (setups.ts).
if (runs('accounts')) {
  const accounts = await withSetups(ACCOUNTS_BENCH_ENV, ({ shops }) => benchAccounts(shops));
  figures.accounts = accounts;
  console.log('\nAccounts (loopback, real servers; sign-ins sent to the servers in turn)');
  console.table(
    Object.fromEntries(
      Object.entries(accounts).map(([setup, { signInMs, profileFanOutMs }]) => [
        setup,
        {
          'sign-in p50 ms': signInMs.p50,
          'sign-in p95 ms': signInMs.p95,
          [`change to ${profileFanOutMs.subscribers} subscribers p50 ms`]: profileFanOutMs.p50,
          'p95 ms': profileFanOutMs.p95,
          'max ms': profileFanOutMs.max,
          'missed deliveries': profileFanOutMs.missed,
        },
      ]),
    ),
  );
}

if (runs('orders')) {
  const orders = await withSetups(ORDERS_BENCH_ENV, ({ shops }) => benchOrders(shops));
  figures.orders = orders;
  const any = Object.values(orders)[0];
  console.log(
    `\nOrders (${any?.orders} checkouts, ${any?.concurrency} at a time, sent to the servers in turn)`,
  );
  console.table(
    Object.fromEntries(
      Object.entries(orders).map(([setup, figures]) => [
        setup,
        { 'orders/s': figures.ordersPerSecond, ...figures.latencyMs },
      ]),
    ),
  );
}

if (runs('catalogue')) {
  const generated = await writeBenchCatalogue();
  try {
    const memory = await benchCatalogueInProcess();
    const catalogue = await withSetups(CATALOGUE_BENCH_ENV, (setup) =>
      benchCatalogue(setup, generated.file),
    );
    figures.catalogue = { memory, setups: catalogue };
    console.log(
      `\nCatalogue at ${memory.products} products (import while running, then 400 requests per endpoint, 10 at a time, to the servers in turn; ms)`,
    );
    console.table(
      Object.fromEntries(
        Object.entries(catalogue).map(([setup, row]) => [
          setup,
          {
            'import s': row.importSeconds,
            'shown after ms': row.visibleAfterMs,
            'first search ms': row.firstSearchMs,
            'search p50': row.searchMs.p50,
            'search p95': row.searchMs.p95,
            'collection p50': row.collectionMs.p50,
            'collection p95': row.collectionMs.p95,
          },
        ]),
      ),
    );
    console.log(
      `  one server's copy: ${memory.copyMiB} MiB of heap, its search index ${memory.searchIndexMiB} MiB more (built in ${memory.indexBuildMs} ms)`,
    );
    console.log(
      `  in process, without HTTP: collection page p50 ${memory.collectionCallMs.p50} ms, p95 ${memory.collectionCallMs.p95} ms; a new search p50 ${memory.searchCallMs.p50} ms, p95 ${memory.searchCallMs.p95} ms`,
    );
    console.log(
      `  first read after a stock change ${memory.stockChangeReadMs} ms (the changed product re-read), after a change of order ${memory.fullReadMs} ms (everything re-read)`,
    );
  } finally {
    await generated.remove();
  }
}

if (runs('backoffice')) {
  const generated = await writeBenchCatalogue();
  try {
    const backOffice = await withSetups(BACK_OFFICE_BENCH_ENV, (setup) =>
      benchBackOffice(setup, generated.file),
    );
    figures.backOffice = backOffice;
    const any = Object.values(backOffice)[0];
    console.log(
      `\nBack office order list at ${any?.orders} paid orders (400 GET /api/admin/orders, 10 at a time, to the servers in turn; ms)`,
    );
    const tables = (rows: Record<string, ListFigures<string>>, first: Record<string, object>) => {
      console.table(
        Object.fromEntries(
          Object.entries(rows).map(([setup, row]) => [
            setup,
            { ...first[setup], ...row.latencyMs },
          ]),
        ),
      );
      console.log(
        '  p95 of each kind of request (ms), and the rows its answers counted on average:',
      );
      console.table(
        Object.fromEntries(Object.entries(rows).map(([setup, row]) => [setup, row.p95ByQuery])),
      );
      console.table(
        Object.fromEntries(
          Object.entries(rows).map(([setup, row]) => [setup, row.meanTotalByQuery]),
        ),
      );
    };
    tables(
      backOffice,
      Object.fromEntries(
        Object.entries(backOffice).map(([setup, row]) => [
          setup,
          { 'generate s': row.generateSeconds },
        ]),
      ),
    );
    console.log(
      `\nBack office product list at ${any?.products.count} products (400 GET /api/admin/products, 10 at a time, to the servers in turn; ms)`,
    );
    tables(
      Object.fromEntries(Object.entries(backOffice).map(([setup, row]) => [setup, row.products])),
      Object.fromEntries(
        Object.entries(backOffice).map(([setup, row]) => [
          setup,
          { 'import s': row.products.importSeconds },
        ]),
      ),
    );
  } finally {
    await generated.remove();
  }
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

if (runs('uploads')) {
  const uploads = await benchUploads(clientDir);
  figures.uploads = uploads;
  console.log(
    '\nPicture uploads (issue 33): the server’s resident set around each upload, MiB (peak: VmHWM, reset before each)',
  );
  console.table(Object.fromEntries(uploads.uploads.map(({ upload, ...row }) => [upload, row])));
  console.log(
    '\nA shopper on /shop/hats (autocannon, 10 connections, 6 s) while photos are encoded',
  );
  console.table(
    Object.fromEntries(uploads.latency.map(({ while: label, ...row }) => [label, row])),
  );
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
