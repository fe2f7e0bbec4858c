import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreateOrderResponse } from '#shared/orders.ts';
import type { PaymentProvider } from '#server/modules/payments/payments-service.ts';
import { createLocalPaymentProvider } from '#server/modules/payments/payments-service.ts';
import { newToken, UNLIMITED } from '#server/test/payments.ts';
import { setAllStock, totalOf } from '#server/test/stock.ts';
import { buildTestApp, type TestApp } from '#server/test/test-app.ts';
import { report } from './random.ts';

/** Card tokens used twice, and one checkout sent many times at once. */
const HAT_TOTAL = totalOf([{ id: 3, quantity: 2 }]);
const TRIALS = 10;
const CONCURRENT = 20;

let app: TestApp;

// A provider that takes its time, as a real one does, so concurrent requests truly overlap.
const slow = (db: TestApp['db']): PaymentProvider => {
  const local = createLocalPaymentProvider(db);
  return {
    ...local,
    async chargeToken(request) {
      await new Promise((resolve) => setImmediate(resolve));
      return local.chargeToken(request);
    },
  };
};

beforeAll(async () => {
  app = await buildTestApp(UNLIMITED, { payments: slow });
  // Not a test of running out: every trial's order finds its hats.
  await setAllStock(app.db, 10_000);
});

afterAll(() => app.close());

let keys = 0;
const body = (token: string, key = `abuse-key-${process.pid}-${Date.now()}-${(keys += 1)}`) => ({
  token,
  idempotencyKey: key,
  lines: [{ id: 3, quantity: 2, size: 'M' }],
  approvedTotal: HAT_TOTAL,
  email: 'ada@example.com',
});
const pay = (payload: object) => app.inject({ method: 'POST', url: '/api/orders', payload });
const count = async (table: 'orders' | 'payment_charges') =>
  (await app.db.selectFrom(table).select('id').execute()).length;

describe('payment abuse', () => {
  it('charges a token once, whatever key it comes back with', async () => {
    for (let trial = 0; trial < TRIALS; trial += 1) {
      const token = await newToken(app);
      expect((await pay(body(token))).statusCode).toBe(201);
      const again = await pay(body(token));
      expect(again.statusCode).toBe(402);
      expect(again.json()).toMatchObject({ code: 'TOKEN_USED' });
    }
    expect(await count('payment_charges')).toBe(TRIALS);
  });

  it(`makes one order and one charge from ${CONCURRENT} concurrent pays with one key, ${TRIALS} times`, async () => {
    const [ordersBefore, chargesBefore] = [await count('orders'), await count('payment_charges')];
    for (let trial = 0; trial < TRIALS; trial += 1) {
      const payload = body(await newToken(app));
      const responses = await Promise.all(Array.from({ length: CONCURRENT }, () => pay(payload)));
      const statuses = responses.map((response) => response.statusCode).sort();
      expect(statuses).toEqual([201, ...Array<number>(CONCURRENT - 1).fill(200)].sort());
      const ids = new Set(responses.map((r) => r.json<CreateOrderResponse>().order.id));
      expect(ids.size).toBe(1);
    }
    expect(await count('orders')).toBe(ordersBefore + TRIALS);
    expect(await count('payment_charges')).toBe(chargesBefore + TRIALS);
    report('payment abuse', {
      'token reuse trials': TRIALS,
      'concurrent pays': `${TRIALS}x${CONCURRENT}`,
      'extra charges': 0,
    });
  }, 60_000);
});
