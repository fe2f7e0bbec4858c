import type { Product } from '#shared/catalogue-model.ts';
import type { RunningShop } from '#tests/e2e/support/shop-server.ts';
import { percentile, round } from './stats.ts';

const ORDERS = 400;
const CONCURRENCY = 20;

export interface OrdersFigures {
  orders: number;
  concurrency: number;
  ordersPerSecond: number;
  latencyMs: { p50: number; p95: number; p99: number };
}

/** The settings every server of the orders benchmark runs with (see setups.ts). */
export const ORDERS_BENCH_ENV = { PAYMENT_TOKEN_LIMIT_PER_MINUTE: '1000000', LOG_LEVEL: 'warn' };

/** Products whose sizes the orders are spread over. */
const PRODUCT_IDS = Array.from({ length: 35 }, (_, index) => index + 1);

/**
 * One line per order, each of a product size still in stock (issue 13: a sold-out size is
 * refused), spread over the seeded catalogue's sizes so that the orders do not all queue on
 * one stock row.
 */
async function orderLines(shop: RunningShop, count: number) {
  const response = await fetch(`${shop.url}/api/catalogue/products?ids=${PRODUCT_IDS.join(',')}`);
  const { products } = (await response.json()) as { products: Product[] };
  const left = products.flatMap((product) =>
    product.sizes.map(({ size, stock }) => ({ product, size, stock })),
  );
  const lines: { line: { id: number; quantity: number; size?: string }; price: number }[] = [];
  for (let index = 0; lines.length < count; index += 1) {
    const stocked = left.filter((entry) => entry.stock > 0);
    const entry = stocked[index % Math.max(stocked.length, 1)];
    if (!entry) throw new Error(`the catalogue has stock for ${lines.length} of ${count} orders`);
    entry.stock -= 1;
    const line = { id: entry.product.id, quantity: 1 };
    lines.push({
      line: entry.size ? { ...line, size: entry.size } : line,
      price: entry.product.price,
    });
  }
  return lines;
}

/**
 * Concurrent checkouts on the given servers (one database): tokens are made first (they are the
 * widget's work, not the shop's), then 400 POST /api/orders, 20 at a time, sent to the servers in
 * turn, each pricing the cart, taking its stock and recording the order, charging its token and
 * marking it paid. Each order is one piece of a size in stock (the seed has a few thousand).
 */
export async function benchOrders(shops: readonly RunningShop[]): Promise<OrdersFigures> {
  const shopFor = (index: number) => shops[index % shops.length] as RunningShop;
  const tokens: string[] = [];
  for (let i = 0; i < ORDERS; i += 1) {
    const shop = shopFor(i);
    const response = await fetch(`${shop.paymentUrl}/pay/v1/tokens`, {
      method: 'POST',
      // The widget's frame asks for tokens on the provider's own origin.
      headers: { 'content-type': 'application/json', origin: shop.paymentUrl },
      body: JSON.stringify({
        key: 'pk_test_crwn_clothing',
        card: { number: '4242424242424242', expMonth: 12, expYear: 2034, cvc: '123' },
        email: 'bench@example.com',
      }),
    });
    const token = (await response.json()) as { id?: string };
    if (!token.id) throw new Error(`token request answered ${response.status}`);
    tokens.push(token.id);
  }

  const lines = await orderLines(shopFor(0), tokens.length);
  const latencies: number[] = [];
  let next = 0;
  const started = performance.now();
  const worker = async () => {
    while (next < tokens.length) {
      const index = next++;
      const shop = shopFor(index);
      const begun = performance.now();
      const response = await fetch(`${shop.url}/api/orders`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: shop.url },
        body: JSON.stringify({
          token: tokens[index],
          idempotencyKey: `bench-${Date.now()}-${index}-${Math.random().toString(36).slice(2)}`,
          lines: [lines[index]?.line],
          email: 'bench@example.com',
          approvedTotal: lines[index]?.price,
        }),
      });
      await response.arrayBuffer();
      if (response.status !== 201) throw new Error(`order answered ${response.status}`);
      latencies.push(performance.now() - begun);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  const seconds = (performance.now() - started) / 1000;
  return {
    orders: ORDERS,
    concurrency: CONCURRENCY,
    ordersPerSecond: round(ORDERS / seconds),
    latencyMs: {
      p50: round(percentile(latencies, 50)),
      p95: round(percentile(latencies, 95)),
      p99: round(percentile(latencies, 99)),
    },
  };
}
