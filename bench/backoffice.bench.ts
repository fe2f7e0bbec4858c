import { sql, type Insertable } from 'kysely';
import { COLLECTION_IDS } from '#shared/spec-catalogue.ts';
import type { Product } from '#shared/catalogue-model.ts';
import { makeOwner } from '#server/modules/accounts/accounts-service.ts';
import {
  openPostgresDatabase,
  openSqliteDatabase,
  type ShopDatabase,
} from '#server/platform/database/database.ts';
import type { Database } from '#server/platform/database/schema.ts';
import type { RunningShop } from '#tests/e2e/support/shop-server.ts';
import type { Setup } from './setups.ts';
import { CATALOGUE_PRODUCTS, importBenchCatalogue } from './catalogue.bench.ts';
import { percentile, round } from './stats.ts';

/** The shop's size for this benchmark (issue 14's figure). */
export const BACK_OFFICE_ORDERS = 100_000;
const CUSTOMERS = 2_000;
/** Orders per multi-row insert: 17 columns each, well under both databases' parameter limits. */
const BATCH = 500;
const REQUESTS = 400;
const CONCURRENCY = 10;
const DAY_MS = 86_400_000;

export const BACK_OFFICE_BENCH_ENV = { LOG_LEVEL: 'warn' };

const FIRST_NAMES = ['anna', 'ben', 'chloe', 'david', 'emma', 'farid', 'grace', 'hugo', 'ines'];
const LAST_NAMES = ['smith', 'jones', 'garcia', 'nguyen', 'muller', 'rossi', 'okafor', 'kim'];
const DOMAINS = ['example.com', 'mail.example.org', 'shop.example.net'];
/** Parts of addresses the owner searches for: a name, a domain, a whole address, no match. */
const CUSTOMER_SEARCHES = ['smith', 'emma.', 'example.org', 'garcia417', 'nobody-here', 'KIM'];

/** A made-up customer's address: ~2,000 of them, some names shared, on three domains. */
const customerEmail = (n: number) =>
  `${FIRST_NAMES[n % FIRST_NAMES.length]}.${LAST_NAMES[Math.floor(n / FIRST_NAMES.length) % LAST_NAMES.length]}${n}@${DOMAINS[n % DOMAINS.length]}`;

export type BackOfficeQuery =
  'first page' | 'page 50' | 'page 500' | 'unshipped' | 'customer' | 'a month';
const QUERIES: readonly BackOfficeQuery[] = [
  'first page',
  'page 50',
  'page 500',
  'unshipped',
  'customer',
  'a month',
];

export interface BackOfficeFigures extends ListFigures<BackOfficeQuery> {
  orders: number;
  /** Writing the orders (and their charges) into the database, one transaction, seconds. */
  generateSeconds: number;
  /** The product list, after `npm run catalogue:import` of the generated catalogue. */
  products: ListFigures<ProductListQuery> & { count: number; importSeconds: number };
}

/** A small deterministic generator (mulberry32), so every setup gets the same orders. */
function seeded(seed: number) {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const pad = (n: number, width: number) => String(n).padStart(width, '0');

/**
 * Writes BACK_OFFICE_ORDERS paid orders into the setup's database in one transaction, with
 * multi-row inserts: each with its token and charge (a paid order names its charge, which must
 * exist), 1 to 3 lines of the seeded catalogue's products and sizes, one of CUSTOMERS addresses,
 * a time in the last year, and a shipment for most of those older than a fortnight.
 */
export async function writeBackOfficeOrders(
  db: ShopDatabase['db'],
  products: readonly Product[],
  now: number,
) {
  const random = seeded(14);
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)] as T;
  await db.transaction().execute(async (trx) => {
    for (let start = 0; start < BACK_OFFICE_ORDERS; start += BATCH) {
      const tokens: Insertable<Database['payment_tokens']>[] = [];
      const charges: Insertable<Database['payment_charges']>[] = [];
      const orders: Insertable<Database['orders']>[] = [];
      const lines: Insertable<Database['order_lines']>[] = [];
      for (let n = start; n < Math.min(start + BATCH, BACK_OFFICE_ORDERS); n += 1) {
        const key = pad(n, 8);
        const age = random() * 365 * DAY_MS;
        const createdAt = new Date(now - age).toISOString();
        const orderId = `ord_bench${pad(n, 19)}`;
        const count = 1 + Math.floor(random() * 3);
        let total = 0;
        for (let position = 0; position < count; position += 1) {
          const product = pick(products);
          const quantity = 1 + Math.floor(random() * 2);
          total += product.price * quantity;
          lines.push({
            order_id: orderId,
            position,
            item_id: product.id,
            name: product.name,
            unit_price: product.price,
            quantity,
            line_total: product.price * quantity,
            size: product.sizes.length > 0 ? pick(product.sizes).size : '',
          });
        }
        tokens.push({
          id: `tok_bench${key}`,
          brand: 'visa',
          last4: '4242',
          exp_month: 12,
          exp_year: 2034,
          outcome: 'succeeded',
          created_at: createdAt,
          used_at: createdAt,
        });
        charges.push({
          id: `ch_bench${key}`,
          token_id: `tok_bench${key}`,
          amount: total,
          currency: 'usd',
          idempotency_key: `bench-charge-${key}`,
          status: 'succeeded',
          created_at: createdAt,
        });
        const shipped = age > 14 * DAY_MS && random() < 0.9;
        orders.push({
          id: orderId,
          idempotency_key: `bench-order-${key}`,
          request_fingerprint: `bench-${key}`,
          user_id: null,
          email: customerEmail(Math.floor(random() * CUSTOMERS)),
          currency: 'usd',
          total,
          status: 'paid',
          charge_id: `ch_bench${key}`,
          card_brand: 'visa',
          card_last4: '4242',
          billing_address: null,
          shipping_address: null,
          created_at: createdAt,
          shipped_at: shipped ? new Date(now - age + 2 * DAY_MS).toISOString() : null,
          carrier: shipped ? 'DHL' : null,
          tracking_number: shipped ? `JD${key}` : null,
        });
      }
      await trx.insertInto('payment_tokens').values(tokens).execute();
      await trx.insertInto('payment_charges').values(charges).execute();
      await trx.insertInto('orders').values(orders).execute();
      await trx.insertInto('order_lines').values(lines).execute();
    }
  });
}

/** The i-th request of the load: the query kinds in turn, each with its own variations. */
function queryOf(i: number, now: number): { kind: BackOfficeQuery; search: string } {
  const kind = QUERIES[i % QUERIES.length] as BackOfficeQuery;
  const cycle = Math.floor(i / QUERIES.length);
  switch (kind) {
    case 'first page':
      return { kind, search: '' };
    case 'page 50':
      return { kind, search: '?page=50' };
    case 'page 500':
      return { kind, search: '?page=500' };
    case 'unshipped':
      return { kind, search: `?status=unshipped&page=${1 + (cycle % 3)}` };
    case 'customer':
      return {
        kind,
        search: `?customer=${encodeURIComponent(CUSTOMER_SEARCHES[cycle % CUSTOMER_SEARCHES.length] ?? '')}`,
      };
    case 'a month': {
      const from = new Date(now - (30 + (cycle % 11) * 30) * DAY_MS);
      const to = new Date(from.getTime() + 29 * DAY_MS);
      const day = (date: Date) => date.toISOString().slice(0, 10);
      return { kind, search: `?from=${day(from)}&to=${day(to)}` };
    }
  }
}

/** The product list's kinds of request (issue 14's product list at CATALOGUE_PRODUCTS). */
export type ProductListQuery =
  'first page' | 'page 100' | 'name' | 'collection' | 'low stock' | 'sold out' | 'archived';
const PRODUCT_QUERIES: readonly ProductListQuery[] = [
  'first page',
  'page 100',
  'name',
  'collection',
  'low stock',
  'sold out',
  'archived',
];
/** Parts of names an owner searches for: a material, a style, a garment, two words, nothing. */
const NAME_SEARCHES = ['wool', 'Slim', 'fedora', 'black denim', 'nothing-like-this'];

/** The i-th request of the product list's load. */
function productQueryOf(i: number): { kind: ProductListQuery; search: string } {
  const kind = PRODUCT_QUERIES[i % PRODUCT_QUERIES.length] as ProductListQuery;
  const cycle = Math.floor(i / PRODUCT_QUERIES.length);
  const collection = COLLECTION_IDS[cycle % COLLECTION_IDS.length] ?? 'hats';
  switch (kind) {
    case 'first page':
      return { kind, search: '' };
    case 'page 100':
      return { kind, search: '?page=100' };
    case 'name':
      return {
        kind,
        search: `?q=${encodeURIComponent(NAME_SEARCHES[cycle % NAME_SEARCHES.length] ?? '')}`,
      };
    case 'collection':
      return { kind, search: `?collection=${collection}&page=${1 + (cycle % 3)}` };
    case 'low stock':
      return { kind, search: `?stock=low${cycle % 2 ? `&collection=${collection}` : ''}` };
    case 'sold out':
      return { kind, search: '?stock=sold-out' };
    case 'archived':
      return { kind, search: '?state=archived' };
  }
}

/** Latency of a list's load, overall and by kind of request, and how many rows each counted. */
export interface ListFigures<K extends string> {
  latencyMs: { p50: number; p95: number; p99: number };
  /** p95 of each kind of request, ms. */
  p95ByQuery: Record<K, number>;
  /** Rows the answers counted, on average per kind (the filters' reach). */
  meanTotalByQuery: Record<K, number>;
}

/**
 * Sends `REQUESTS` GETs of `path` + `queryOf(i).search`, CONCURRENCY at a time, to the shops in
 * turn, as the account of `cookie`; each answer counts its rows (`total`).
 */
async function loadList<K extends string>(
  shops: readonly RunningShop[],
  path: string,
  kinds: readonly K[],
  queryOf: (i: number) => { kind: K; search: string },
  cookie: string,
): Promise<ListFigures<K>> {
  const latencies: number[] = [];
  const byKind = new Map<K, number[]>(kinds.map((kind) => [kind, []]));
  const totals = new Map<K, number>(kinds.map((kind) => [kind, 0]));
  let next = 0;
  const worker = async () => {
    while (next < REQUESTS) {
      const index = next++;
      const shop = shops[index % shops.length] as RunningShop;
      const { kind, search } = queryOf(index);
      const begun = performance.now();
      const response = await fetch(`${shop.url}${path}${search}`, { headers: { cookie } });
      const body = (await response.json()) as { total: number };
      if (response.status !== 200) throw new Error(`${path}${search} answered ${response.status}`);
      const ms = performance.now() - begun;
      latencies.push(ms);
      byKind.get(kind)?.push(ms);
      totals.set(kind, (totals.get(kind) ?? 0) + body.total);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  const perKind = <T>(value: (kind: K) => T) =>
    Object.fromEntries(kinds.map((kind) => [kind, value(kind)])) as Record<K, T>;
  return {
    latencyMs: {
      p50: round(percentile(latencies, 50)),
      p95: round(percentile(latencies, 95)),
      p99: round(percentile(latencies, 99)),
    },
    p95ByQuery: perKind((kind) => round(percentile(byKind.get(kind) ?? [], 95))),
    meanTotalByQuery: perKind((kind) =>
      Math.round((totals.get(kind) ?? 0) / (byKind.get(kind)?.length || 1)),
    ),
  };
}

/** An account signed up through the API and made owner as `npm run owner:add` would; its cookie. */
export async function ownerCookie(
  url: string,
  db: ShopDatabase['db'],
  email: string,
): Promise<string> {
  const signUp = await fetch(`${url}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url },
    body: JSON.stringify({ name: 'Owner', email, password: 'correct horse battery' }),
  });
  if (signUp.status !== 200) throw new Error(`sign-up answered ${signUp.status}`);
  if ((await makeOwner(db, email)) !== 'made') throw new Error('no owner made');
  return signUp.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

/**
 * Issue 14's lists at scale: the order list at BACK_OFFICE_ORDERS orders and the product list at
 * CATALOGUE_PRODUCTS products. Fills the setup's database directly with the orders (the seeded
 * catalogue's products, read from the API), imports the generated catalogue (`catalogueFile`)
 * with the real command, makes two owners (each account has its own rate limit), then sends
 * REQUESTS GET /api/admin/orders and as many GET /api/admin/products, CONCURRENCY at a time, to
 * the servers in turn, with a mix of filters and pages.
 */
export async function benchBackOffice(
  setup: Setup,
  catalogueFile: string,
): Promise<BackOfficeFigures> {
  const shops = setup.shops;
  const first = shops[0] as RunningShop;
  const ids = Array.from({ length: 35 }, (_, index) => index + 1).join(',');
  const { products } = (await (
    await fetch(`${first.url}/api/catalogue/products?ids=${ids}`)
  ).json()) as { products: Product[] };

  const database =
    'DATABASE_URL' in setup.databaseEnv
      ? await openPostgresDatabase(setup.databaseEnv.DATABASE_URL, { maxConnections: 1 })
      : openSqliteDatabase(setup.databaseEnv.DATABASE_FILE);
  const now = Date.now();
  let generateSeconds = 0;
  let importSeconds = 0;
  let cookies: string[] = [];
  try {
    const begun = performance.now();
    await writeBackOfficeOrders(database.db, products, now);
    generateSeconds = round((performance.now() - begun) / 1000, 2);
    const importing = performance.now();
    await importBenchCatalogue(setup, catalogueFile);
    importSeconds = round((performance.now() - importing) / 1000, 2);
    // What autovacuum does within a minute or two of so many inserts (a shop whose orders came
    // over a year is in that state): statistics, the visibility map for index-only scans, and
    // GIN indexes' pending entries merged. The shop never runs ANALYZE on SQLite.
    if (database.kind === 'postgres') await sql`vacuum analyze`.execute(database.db);
    cookies = [
      await ownerCookie(first.url, database.db, `owner-${now}@example.com`),
      await ownerCookie(first.url, database.db, `owner-products-${now}@example.com`),
    ];
  } finally {
    await database.close();
  }

  const orderList = await loadList(
    shops,
    '/api/admin/orders',
    QUERIES,
    (i) => queryOf(i, now),
    cookies[0] ?? '',
  );
  const productList = await loadList(
    shops,
    '/api/admin/products',
    PRODUCT_QUERIES,
    productQueryOf,
    cookies[1] ?? '',
  );
  return {
    orders: BACK_OFFICE_ORDERS,
    generateSeconds,
    ...orderList,
    products: { count: CATALOGUE_PRODUCTS, importSeconds, ...productList },
  };
}
