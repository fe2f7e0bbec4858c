import { priceOrderLines } from '#shared/orders.ts';
import { startShop } from '#tests/e2e/support/shop-server.ts';
import { percentile, round } from './stats.ts';

const ORDERS = 400;
const CONCURRENCY = 20;

interface OrdersFigures {
  orders: number;
  concurrency: number;
  ordersPerSecond: number;
  latencyMs: { p50: number; p95: number; p99: number };
}

/**
 * Concurrent checkouts on the embedded database: tokens are made first (they are the widget's
 * work, not the shop's), then 400 POST /api/orders, 20 at a time, each pricing the cart, charging
 * its token and storing the order in one transaction.
 */
const LINES = [
  { id: 1, quantity: 2 },
  { id: 10, quantity: 1 },
];

export async function benchOrders(): Promise<OrdersFigures> {
  const shop = await startShop({ PAYMENT_TOKEN_LIMIT_PER_MINUTE: '1000000', LOG_LEVEL: 'warn' });
  const headers = { 'content-type': 'application/json', origin: shop.url };
  // The widget's frame asks for tokens on the provider's own origin.
  const tokenHeaders = { 'content-type': 'application/json', origin: shop.paymentUrl };
  try {
    const tokens: string[] = [];
    for (let i = 0; i < ORDERS; i += 1) {
      const response = await fetch(`${shop.paymentUrl}/pay/v1/tokens`, {
        method: 'POST',
        headers: tokenHeaders,
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

    const latencies: number[] = [];
    let next = 0;
    const started = performance.now();
    const worker = async () => {
      while (next < tokens.length) {
        const index = next++;
        const begun = performance.now();
        const response = await fetch(`${shop.url}/api/orders`, {
          method: 'POST',
          headers,
          body: JSON.stringify({
            token: tokens[index],
            idempotencyKey: `bench-${Date.now()}-${index}-${Math.random().toString(36).slice(2)}`,
            lines: LINES,
            email: 'bench@example.com',
            approvedTotal: priceOrderLines(LINES)?.total,
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
  } finally {
    await shop.stop();
  }
}
