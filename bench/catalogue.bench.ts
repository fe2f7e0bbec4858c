import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { importCatalogue, parseCatalogueFile } from '#server/modules/catalogue/catalogue-import.ts';
import {
  createCatalogueReader,
  createCatalogueService,
  seedCatalogue,
} from '#server/modules/catalogue/catalogue-service.ts';
import { openSqliteDatabase } from '#server/platform/database/database.ts';
import { migrateToLatest } from '#server/platform/database/migrate.ts';
import { generateCatalogue } from '#scripts/catalogue/generate.ts';
import { parseListQuery } from '#shared/catalogue-model.ts';
import type { RunningShop } from '#tests/e2e/support/shop-server.ts';
import type { Setup } from './setups.ts';
import { percentile, round } from './stats.ts';

/** The shop's size for this benchmark (the figure). */
export const CATALOGUE_PRODUCTS = 10_000;
const REQUESTS = 400;
const CONCURRENCY = 10;

export const CATALOGUE_BENCH_ENV = { LOG_LEVEL: 'warn' };

const repoRoot = path.resolve(import.meta.dirname, '..');

export interface LatencyFigures {
  p50: number;
  p95: number;
  p99: number;
  /** Products in the answers, on average: the work is in proportion. */
  meanTotal: number;
}

export interface CatalogueFigures {
  products: number;
  /** `npm run catalogue:import` of the generated file, start to exit (one transaction). */
  importSeconds: number;
  /** From the import's exit until the last server answers with the new products. */
  visibleAfterMs: number;
  /** The first search after the change on each server, which builds its index (max of servers). */
  firstSearchMs: number;
  searchMs: LatencyFigures;
  collectionMs: LatencyFigures;
}

const SEARCHES = [
  'jacket',
  'blue denim',
  'snekers',
  'beanies',
  'vintage wool',
  'red dress',
  'linen shirt',
  'jaket',
  'black leather boots',
  'striped',
  'olive corduroy',
  'hoodie',
];
/** Second words, making every search of the in-process figures a new one. */
const SEARCH_SUFFIXES = ['', 'blue', 'slim', 'cotton', 'grey', 'classic', 'canvas', 'pink', 'knit'];
const COLLECTIONS = ['hats', 'sneakers', 'jackets', 'womens', 'mens'];
const SORTS = ['featured', 'price-asc', 'price-desc', 'newest', 'name'];
const FILTERS = ['', '&size=M', '&colour=blue', '&min=50&max=150', '&size=US%209&colour=black'];

/** The i-th collection page of the load: every sort, page 1 to 5, with and without filters. */
const collectionUrl = (i: number) =>
  `/api/catalogue/collections/${COLLECTIONS[i % 5]}?sort=${SORTS[Math.floor(i / 5) % 5]}&page=${1 + (Math.floor(i / 25) % 5)}${FILTERS[Math.floor(i / 7) % 5]}`;
const searchUrl = (i: number) =>
  `/api/catalogue/search?q=${encodeURIComponent(SEARCHES[i % SEARCHES.length] ?? '')}&sort=${SORTS[Math.floor(i / SEARCHES.length) % 5]}`;

/** `REQUESTS` GETs of `urlOf(i)`, `CONCURRENCY` at a time, to the servers in turn. */
async function load(
  shops: readonly RunningShop[],
  urlOf: (i: number) => string,
): Promise<LatencyFigures> {
  const latencies: number[] = [];
  let totals = 0;
  let next = 0;
  const worker = async () => {
    while (next < REQUESTS) {
      const index = next++;
      const shop = shops[index % shops.length] as RunningShop;
      const begun = performance.now();
      const response = await fetch(`${shop.url}${urlOf(index)}`);
      const body = (await response.json()) as { total?: number; list?: { total: number } };
      if (response.status !== 200) throw new Error(`${urlOf(index)} answered ${response.status}`);
      latencies.push(performance.now() - begun);
      totals += body.total ?? body.list?.total ?? 0;
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return {
    p50: round(percentile(latencies, 50)),
    p95: round(percentile(latencies, 95)),
    p99: round(percentile(latencies, 99)),
    meanTotal: Math.round(totals / REQUESTS),
  };
}

/** Writes the generated catalogue of CATALOGUE_PRODUCTS products; returns its path and a remover. */
export async function writeBenchCatalogue() {
  const dir = await mkdtemp(path.join(tmpdir(), 'crwn-catalogue-bench-'));
  const file = path.join(dir, `catalogue-${CATALOGUE_PRODUCTS}.json`);
  await promisify(execFile)(process.execPath, [
    path.join(repoRoot, 'scripts/catalogue/generate.ts'),
    String(CATALOGUE_PRODUCTS),
    file,
  ]);
  return { file, remove: () => rm(dir, { recursive: true, force: true }) };
}

/** `npm run catalogue:import` of `file` into the setup's database, as its owner would run it. */
export async function importBenchCatalogue(setup: Setup, file: string): Promise<void> {
  await promisify(execFile)(
    process.execPath,
    [path.join(repoRoot, 'scripts/catalogue/import.ts'), file],
    {
      cwd: setup.shops[0]?.dataDir,
      env: { ...process.env, DATABASE_URL: '', DATABASE_FILE: '', ...setup.databaseEnv },
    },
  );
}

/**
 * On running servers: imports the generated catalogue with the real command while they run,
 * waits until every server shows it (the notification, or the version check on SQLite), then
 * times the first search on each (its index is built then) and loads each endpoint.
 */
export async function benchCatalogue(setup: Setup, file: string): Promise<CatalogueFigures> {
  const begun = performance.now();
  await importBenchCatalogue(setup, file);
  const imported = performance.now();
  for (const shop of setup.shops) {
    while (
      (await fetch(`${shop.url}/api/catalogue/products/${CATALOGUE_PRODUCTS}`)).status !== 200
    ) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }
  const visible = performance.now();
  let firstSearchMs = 0;
  for (const shop of setup.shops) {
    const start = performance.now();
    await (await fetch(`${shop.url}/api/catalogue/search?q=warm`)).arrayBuffer();
    firstSearchMs = Math.max(firstSearchMs, performance.now() - start);
  }
  return {
    products: CATALOGUE_PRODUCTS,
    importSeconds: round((imported - begun) / 1000, 2),
    visibleAfterMs: Math.round(visible - imported),
    firstSearchMs: Math.round(firstSearchMs),
    searchMs: await load(setup.shops, searchUrl),
    collectionMs: await load(setup.shops, collectionUrl),
  };
}

export interface CatalogueMemoryFigures {
  products: number;
  /** One reader call on the warm copy, without HTTP: the bench's collection pages, ms. */
  collectionCallMs: { p50: number; p95: number };
  /** One search of a text not searched before (no kept results), ms. */
  searchCallMs: { p50: number; p95: number };
  /** The reader's copy of the catalogue (products, sizes, lookups), MiB of heap. */
  copyMiB: number;
  /** Its search index on top, MiB of heap. */
  searchIndexMiB: number;
  /** Building the search index once, ms. */
  indexBuildMs: number;
  /** The first read after one size's stock changed (the change re-read, not the catalogue), ms. */
  stockChangeReadMs: number;
  /** The first read after a change to every product's order (the whole catalogue read), ms. */
  fullReadMs: number;
}

/**
 * What one server holds for a catalogue of CATALOGUE_PRODUCTS (ADR 034): heap after a full
 * collection, before and after the copy is read, and again after the first search builds its
 * index; then the reader's own time per call, without HTTP. In this process, on SQLite in memory
 * (the copy and the calls are the same on both databases).
 */
export async function benchCatalogueInProcess(): Promise<CatalogueMemoryFigures> {
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as () => void;
  const heap = () => {
    gc();
    gc();
    return process.memoryUsage().heapUsed;
  };
  const database = openSqliteDatabase(':memory:');
  try {
    await migrateToLatest(database.db);
    await seedCatalogue(database.db);
    const writer = createCatalogueService({ db: database.db });
    const catalogueFile = parseCatalogueFile(
      JSON.stringify(generateCatalogue(CATALOGUE_PRODUCTS)),
      'json',
    );
    await importCatalogue(writer, catalogueFile);
    writer.close();
    const service = createCatalogueService({ db: database.db, checkEveryMs: 3_600_000 });
    const before = heap();
    await service.reader.product(1);
    const withCopy = heap();
    const start = performance.now();
    await service.reader.search('jacket', { sort: 'featured', page: 1 });
    const indexBuildMs = performance.now() - start;
    const withIndex = heap();
    const timed = async (count: number, call: (i: number) => Promise<unknown>) => {
      const samples: number[] = [];
      for (let i = 0; i < count; i += 1) {
        const begun = performance.now();
        await call(i);
        samples.push(performance.now() - begun);
      }
      return { p50: round(percentile(samples, 50), 2), p95: round(percentile(samples, 95), 2) };
    };
    const collectionCallMs = await timed(REQUESTS, (i) => {
      const url = new URL(collectionUrl(i), 'http://bench');
      return service.reader.collection(
        url.pathname.split('/').at(-1) ?? '',
        parseListQuery(url.searchParams),
      );
    });
    // Every text once: each is a fresh search of the index.
    const searchCallMs = await timed(SEARCHES.length * SEARCH_SUFFIXES.length, (i) =>
      service.reader.search(
        `${SEARCHES[i % SEARCHES.length]} ${SEARCH_SUFFIXES[Math.floor(i / SEARCHES.length)]}`,
        { sort: 'featured', page: 1 },
      ),
    );
    // A reader that checks the version on every call, as one does after a notification.
    const checking = createCatalogueReader(database.db, { checkEveryMs: 0 });
    await checking.product(1);
    const firstRead = async (change: Parameters<typeof service.change>[0]) => {
      await service.change(change);
      const begun = performance.now();
      await checking.product(1);
      return round(performance.now() - begun);
    };
    const stockChangeReadMs = await firstRead((w) => w.setStock(1, 'M', 5));
    const fullReadMs = await firstRead((w) => w.shiftProducts('hats', 0));
    checking.close();
    service.close();
    const mib = (bytes: number) => round(bytes / 1024 / 1024);
    return {
      products: CATALOGUE_PRODUCTS,
      collectionCallMs,
      searchCallMs,
      copyMiB: mib(withCopy - before),
      searchIndexMiB: mib(withIndex - withCopy),
      indexBuildMs: Math.round(indexBuildMs),
      stockChangeReadMs,
      fullReadMs,
    };
  } finally {
    await database.close();
  }
}
