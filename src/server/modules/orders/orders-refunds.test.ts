import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderRefund } from '#shared/order-refunds.ts';
import type { CreateOrderResponse, Order } from '#shared/orders.ts';
import { makeOwner } from '#server/modules/accounts/accounts-service.ts';
import { createCatalogueService } from '#server/modules/catalogue/catalogue-service.ts';
import {
  createLocalPaymentProvider,
  type PaymentProvider,
} from '#server/modules/payments/payments-service.ts';
import { newToken, UNLIMITED } from '#server/test/payments.ts';
import { SHOPPER_ADDRESS, signUp } from '#server/test/shoppers.ts';
import { setAllStock, stockOf, totalOf } from '#server/test/stock.ts';
import { buildTestApp, type TestApp } from '#server/test/test-app.ts';
import { createOrderService } from './orders-service.ts';

// Issue 14: "Refund all or some lines through the payment provider; the test provider records the
// refund, and the stock comes back", and "Cancel an order" (ADR 047), on SQLite and PostgreSQL.

/** How the provider answers refunds: as the test provider does, refusing, or unreachable. */
let providerMode: 'normal' | 'refuse' | 'unreachable' = 'normal';
const switchable = (db: Parameters<typeof createLocalPaymentProvider>[0]): PaymentProvider => {
  const local = createLocalPaymentProvider(db);
  return {
    ...local,
    refund: (request) => {
      if (providerMode === 'refuse') {
        return Promise.resolve({
          ok: false,
          code: 'charge_not_found',
          message: 'The bank said no.',
        });
      }
      if (providerMode === 'unreachable') return Promise.reject(new Error('ECONNRESET'));
      return local.refund(request);
    },
  };
};

let app: TestApp;
let owner: Awaited<ReturnType<typeof signUp>>;
let shopper: Awaited<ReturnType<typeof signUp>>;

beforeAll(async () => {
  app = await buildTestApp({ ...UNLIMITED }, { payments: switchable });
  await setAllStock(app.db, 50);
  owner = await signUp(app, 'Owner');
  expect(await makeOwner(app.db, owner.email)).toBe('made');
  shopper = await signUp(app, 'Shopper');
}, 60_000);

afterAll(() => app.close());

let keys = 0;
const key = (label: string) => `${label}-${process.pid}-${Date.now()}-${(keys += 1)}`;

/** Brown Brim (id 1, $25): 2 in M and 1 in L, bought by the signed-in shopper. */
const LINES = [
  { id: 1, quantity: 2, size: 'M' },
  { id: 1, quantity: 1, size: 'L' },
];

async function placeOrder(): Promise<Order> {
  const answer = await app.inject({
    method: 'POST',
    url: '/api/orders',
    headers: { 'sec-fetch-site': 'same-origin', cookie: shopper.cookie },
    payload: {
      token: await newToken(app),
      idempotencyKey: key('refund-order'),
      lines: LINES,
      email: shopper.email,
      shippingAddress: SHOPPER_ADDRESS,
      billingAddress: SHOPPER_ADDRESS,
      approvedTotal: totalOf(LINES),
    },
  });
  expect(answer.statusCode).toBe(201);
  return answer.json<CreateOrderResponse>().order;
}

const admin = (url: string, payload?: object, cookie = owner.cookie) =>
  app.inject({
    method: payload ? 'POST' : 'GET',
    url: `/api/admin${url}`,
    headers: { cookie, 'sec-fetch-site': 'same-origin' },
    ...(payload ? { payload } : {}),
  });

const refund = (orderId: string, body: object) => admin(`/orders/${orderId}/refunds`, body);

const providerRefunds = (chargeIdOf: string) =>
  app.db
    .selectFrom('payment_refunds')
    .innerJoin('orders', 'orders.charge_id', 'payment_refunds.charge_id')
    .select(['payment_refunds.id', 'payment_refunds.amount', 'payment_refunds.lines'])
    .select('payment_refunds.created_at')
    .where('orders.id', '=', chargeIdOf)
    .execute();

const outbox = async (prefix: string) =>
  (await app.db.selectFrom('mail_outbox').select('event_key').execute())
    .map((row) => row.event_key)
    .filter((eventKey) => eventKey.startsWith(prefix));

type RefundAnswer = { order: Order; refund: OrderRefund };

describe('refunding lines', () => {
  it('refunds one size through the provider, which records it, and puts that size back on sale', async () => {
    const order = await placeOrder();
    const [m, l] = [await stockOf(app.db, 1, 'M'), await stockOf(app.db, 1, 'L')];

    const answer = await refund(order.id, {
      idempotencyKey: key('one-line'),
      lines: [{ lineIndex: 1, quantity: 1 }],
      reason: 'Too small',
    });
    expect(answer.statusCode).toBe(201);
    const { order: after, refund: made } = answer.json<RefundAnswer>();
    expect(made).toMatchObject({
      kind: 'refund',
      status: 'succeeded',
      amount: 2500,
      lines: [{ lineIndex: 1, quantity: 1 }],
      restock: true,
      reason: 'Too small',
      by: owner.email,
      failure: null,
    });
    expect(after.refundedTotal).toBe(2500);
    expect(after.cancelledAt).toBeNull();
    expect(after.lines.map((line) => line.refundedQuantity)).toEqual([undefined, 1]);
    // The size's stock is back, the other size's untouched.
    expect(await stockOf(app.db, 1, 'L')).toBe(l + 1);
    expect(await stockOf(app.db, 1, 'M')).toBe(m);
    // ... and the storefront's API reads it (the catalogue's version was raised).
    const product = await app.inject({ url: '/api/catalogue/products?ids=1' });
    expect(product.body).toContain(`"size":"L","stock":${l + 1}`);

    // The test provider's record: the amount, the lines, when, an id, against the charge.
    const recorded = await providerRefunds(order.id);
    expect(recorded).toHaveLength(1);
    expect(recorded[0]).toMatchObject({ amount: 2500 });
    expect(recorded[0]?.id).toMatch(/^re_/);
    expect(JSON.parse(recorded[0]?.lines ?? '[]')).toEqual([
      { position: 1, quantity: 1, amount: 2500 },
    ]);

    // The shopper's order shows it; the back office's has the refund listed; one email; audited.
    const mine = await app.inject({
      url: `/api/orders/${order.id}`,
      headers: { cookie: shopper.cookie },
    });
    expect(mine.json<Order>()).toMatchObject({ refundedTotal: 2500, cancelledAt: null });
    const detail = await admin(`/orders/${order.id}`);
    expect(detail.json<{ refunds: OrderRefund[] }>().refunds).toEqual([made]);
    expect(await outbox(`order-refunded:${made.id}`)).toHaveLength(1);
    const audit = await admin('/audit');
    expect(
      audit.json<{ entries: { action: string; subject: string }[] }>().entries[0],
    ).toMatchObject({ action: 'order.refund', subject: `order:${order.id}` });
  });

  it('refunds once for a doubled request, and gives the same refund to a retry', async () => {
    const order = await placeOrder();
    const m = await stockOf(app.db, 1, 'M');
    const body = { idempotencyKey: key('doubled'), lines: [{ lineIndex: 0, quantity: 2 }] };
    const answers = await Promise.all([refund(order.id, body), refund(order.id, body)]);
    expect(answers.map((one) => one.statusCode).sort()).toEqual([200, 201]);
    const ids = answers.map((one) => one.json<RefundAnswer>().refund.id);
    expect(ids[0]).toBe(ids[1]);
    const retry = await refund(order.id, body);
    expect(retry.statusCode).toBe(200);
    expect(retry.json<RefundAnswer>().refund.id).toBe(ids[0]);
    expect(await providerRefunds(order.id)).toHaveLength(1);
    expect(await stockOf(app.db, 1, 'M')).toBe(m + 2);
    expect(await outbox(`order-refunded:${ids[0]}`)).toHaveLength(1);
    // The key with another body is refused.
    const reused = await refund(order.id, { ...body, lines: [{ lineIndex: 1, quantity: 1 }] });
    expect(reused.statusCode).toBe(409);
    expect(reused.json()).toMatchObject({ code: 'IDEMPOTENCY_CONFLICT' });
  });

  it('lets racing refunds of the same line through only as far as it goes', async () => {
    const order = await placeOrder();
    const m = await stockOf(app.db, 1, 'M');
    // Eight at once, one of the M line's 2 each: two go through, six are refused.
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, index) =>
        refund(order.id, {
          idempotencyKey: key(`race-${index}`),
          lines: [{ lineIndex: 0, quantity: 1 }],
        }),
      ),
    );
    expect(answers.map((one) => one.statusCode).sort()).toEqual([
      201, 201, 409, 409, 409, 409, 409, 409,
    ]);
    const refused = answers.find((one) => one.statusCode === 409);
    expect(refused?.json()).toMatchObject({ code: 'OVER_REFUND' });
    expect(await providerRefunds(order.id)).toHaveLength(2);
    expect(await stockOf(app.db, 1, 'M')).toBe(m + 2);
  });

  it('refuses more than was bought, an unknown line, a bad body, and an unknown order', async () => {
    const order = await placeOrder();
    const over = await refund(order.id, {
      idempotencyKey: key('over'),
      lines: [{ lineIndex: 0, quantity: 3 }],
    });
    expect(over.statusCode).toBe(409);
    expect(over.json()).toEqual({
      error: 'Conflict',
      code: 'OVER_REFUND',
      message: 'Line 1 (Brown Brim, size M): only 2 of 2 can still be refunded.',
    });
    await refund(order.id, { idempotencyKey: key('part'), lines: [{ lineIndex: 0, quantity: 1 }] });
    const again = await refund(order.id, {
      idempotencyKey: key('over2'),
      lines: [{ lineIndex: 0, quantity: 2 }],
    });
    expect(again.json()).toMatchObject({
      message: 'Line 1 (Brown Brim, size M): only 1 of 2 can still be refunded.',
    });
    const unknown = await refund(order.id, {
      idempotencyKey: key('unknown'),
      lines: [{ lineIndex: 2, quantity: 1 }],
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({
      error: 'Bad Request',
      code: 'UNKNOWN_LINE',
      message: 'The order has no line 3: it has 2.',
    });
    for (const body of [
      {},
      { idempotencyKey: key('empty'), lines: [] },
      { idempotencyKey: 'short', lines: [{ lineIndex: 0, quantity: 1 }] },
      { idempotencyKey: key('zero'), lines: [{ lineIndex: 0, quantity: 0 }] },
      {
        idempotencyKey: key('twice'),
        lines: [
          { lineIndex: 0, quantity: 1 },
          { lineIndex: 0, quantity: 1 },
        ],
      },
      { idempotencyKey: key('amount'), lines: [{ lineIndex: 0, quantity: 1 }], amount: 1 },
    ]) {
      const bad = await refund(order.id, body);
      expect(bad.statusCode, JSON.stringify(body)).toBe(400);
      expect(bad.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
    }
    const none = await refund('ord_000000000000000000000000', {
      idempotencyKey: key('none'),
      lines: [{ lineIndex: 0, quantity: 1 }],
    });
    expect(none.statusCode).toBe(404);
    expect(await providerRefunds(order.id)).toHaveLength(1);
  });

  it('keeps the stock where it is when told not to restock (goods not sent back)', async () => {
    const order = await placeOrder();
    const m = await stockOf(app.db, 1, 'M');
    const answer = await refund(order.id, {
      idempotencyKey: key('keep'),
      lines: [{ lineIndex: 0, quantity: 1 }],
      restock: false,
    });
    expect(answer.statusCode).toBe(201);
    expect(answer.json<RefundAnswer>().refund.restock).toBe(false);
    expect(await stockOf(app.db, 1, 'M')).toBe(m);
  });

  it('gives the quantities back when the provider refuses, and finishes one left pending on retry', async () => {
    const order = await placeOrder();
    const m = await stockOf(app.db, 1, 'M');
    providerMode = 'refuse';
    const refused = await refund(order.id, {
      idempotencyKey: key('refused'),
      lines: [{ lineIndex: 0, quantity: 2 }],
    });
    expect(refused.statusCode).toBe(502);
    expect(refused.json()).toMatchObject({ code: 'REFUND_FAILED' });
    expect(refused.json<{ message: string }>().message).toContain('The bank said no.');

    providerMode = 'unreachable';
    const body = { idempotencyKey: key('unreachable'), lines: [{ lineIndex: 0, quantity: 2 }] };
    const pending = await refund(order.id, body);
    expect(pending.statusCode).toBe(202);
    expect(pending.json<RefundAnswer>().refund.status).toBe('pending');
    expect(pending.json<RefundAnswer>().order.refundedTotal).toBe(0);
    expect(await stockOf(app.db, 1, 'M')).toBe(m);
    // While it is pending, its quantities are taken: no second refund of them.
    providerMode = 'normal';
    const meanwhile = await refund(order.id, {
      idempotencyKey: key('meanwhile'),
      lines: [{ lineIndex: 0, quantity: 1 }],
    });
    expect(meanwhile.statusCode).toBe(409);

    const retried = await refund(order.id, body);
    expect(retried.statusCode).toBe(200);
    expect(retried.json<RefundAnswer>().refund.status).toBe('succeeded');
    expect(retried.json<RefundAnswer>().order.refundedTotal).toBe(5000);
    expect(await stockOf(app.db, 1, 'M')).toBe(m + 2);
    const detail = await admin(`/orders/${order.id}`);
    expect(detail.json<{ refunds: OrderRefund[] }>().refunds.map((one) => one.status)).toEqual([
      'failed',
      'succeeded',
    ]);
  });
});

describe('a refund left pending', () => {
  it('is settled by the reconciliation once the provider answers: money, stock and email once', async () => {
    const order = await placeOrder();
    const m = await stockOf(app.db, 1, 'M');
    providerMode = 'unreachable';
    const pending = await refund(order.id, {
      idempotencyKey: key('reconciled'),
      lines: [{ lineIndex: 0, quantity: 1 }],
    });
    expect(pending.statusCode).toBe(202);
    const { id } = pending.json<RefundAnswer>().refund;
    providerMode = 'normal';

    // Another server's reconciliation, on the same database and provider.
    const catalogue = createCatalogueService({ db: app.db });
    const told: string[] = [];
    const orders = createOrderService({
      db: app.db,
      catalogue,
      payments: createLocalPaymentProvider(app.db),
      receiptSecret: 'test-receipts',
      onRefunded: (_order, made) => {
        told.push(made.id);
        return Promise.resolve();
      },
    });
    // Not before it is half a minute old: a live request may still be settling it.
    expect(await orders.settlePending()).toBe(0);
    const settled = await Promise.all([orders.settlePending(0), orders.settlePending(0)]);
    catalogue.close();
    expect(settled.sort()).toEqual([0, 1]);
    expect(told).toEqual([id]);
    expect(await providerRefunds(order.id)).toHaveLength(1);
    expect(await stockOf(app.db, 1, 'M')).toBe(m + 1);
    const detail = await admin(`/orders/${order.id}`);
    expect(detail.json<Order>().refundedTotal).toBe(2500);
  });
});

describe('cancelling an order', () => {
  it('refunds what is left, puts the stock back and marks it cancelled, once', async () => {
    const order = await placeOrder();
    await refund(order.id, {
      idempotencyKey: key('before'),
      lines: [{ lineIndex: 1, quantity: 1 }],
    });
    const [m, l] = [await stockOf(app.db, 1, 'M'), await stockOf(app.db, 1, 'L')];

    const answers = await Promise.all([
      admin(`/orders/${order.id}/cancel`, { reason: 'Customer asked' }),
      admin(`/orders/${order.id}/cancel`, {}),
    ]);
    expect(answers.map((one) => one.statusCode).sort()).toEqual([200, 409]);
    const done = answers
      .find((one) => one.statusCode === 200)
      ?.json<{
        order: Order;
        refund: OrderRefund;
      }>();
    expect(done?.refund).toMatchObject({
      kind: 'cancel',
      status: 'succeeded',
      amount: 5000,
      lines: [{ lineIndex: 0, quantity: 2 }],
    });
    expect(done?.order.cancelledAt).toMatch(/^\d{4}-/);
    expect(done?.order.refundedTotal).toBe(7500);
    expect(answers.find((one) => one.statusCode === 409)?.json()).toMatchObject({
      code: 'ALREADY_CANCELLED',
    });
    expect(await stockOf(app.db, 1, 'M')).toBe(m + 2);
    expect(await stockOf(app.db, 1, 'L')).toBe(l);
    expect(await outbox(`order-cancelled:${order.id}`)).toHaveLength(1);
    expect(await providerRefunds(order.id)).toHaveLength(2);

    // Nothing is left to refund, and a cancelled order does not ship.
    const more = await refund(order.id, {
      idempotencyKey: key('after'),
      lines: [{ lineIndex: 0, quantity: 1 }],
    });
    expect(more.json()).toEqual({
      error: 'Conflict',
      code: 'OVER_REFUND',
      message: 'This order is cancelled, and everything in it is refunded.',
    });
    const ship = await admin(`/orders/${order.id}/shipment`, {
      carrier: 'Royal Mail',
      trackingNumber: 'AB1',
    });
    expect(ship.statusCode).toBe(409);
    expect(ship.json()).toMatchObject({ code: 'CANCELLED' });
    // The shopper sees it cancelled.
    const mine = await app.inject({
      url: `/api/orders/${order.id}`,
      headers: { cookie: shopper.cookie },
    });
    expect(mine.json<Order>()).toMatchObject({ refundedTotal: 7500 });
    expect(mine.json<Order>().cancelledAt).not.toBeNull();
  });

  it('is refused for a shipped order, whose lines can still be refunded', async () => {
    const order = await placeOrder();
    await admin(`/orders/${order.id}/shipment`, { carrier: 'Royal Mail', trackingNumber: 'AB2' });
    const cancel = await admin(`/orders/${order.id}/cancel`, {});
    expect(cancel.statusCode).toBe(409);
    expect(cancel.json()).toMatchObject({ code: 'SHIPPED' });
    const refunded = await refund(order.id, {
      idempotencyKey: key('shipped'),
      lines: [{ lineIndex: 0, quantity: 1 }],
    });
    expect(refunded.statusCode).toBe(201);
  });

  it('is refused for an unknown order and a bad body', async () => {
    expect((await admin('/orders/ord_000000000000000000000000/cancel', {})).statusCode).toBe(404);
    expect((await admin('/orders/nope/cancel', {})).statusCode).toBe(404);
    const order = await placeOrder();
    const bad = await admin(`/orders/${order.id}/cancel`, { reason: 'x'.repeat(501) });
    expect(bad.statusCode).toBe(400);
    expect((await admin(`/orders/${order.id}/cancel`, { refund: false })).statusCode).toBe(400);
  });

  it('shows in the lists, the CSV, and takes refunded money off the dashboard', async () => {
    const order = await placeOrder();
    const dashboard = async () =>
      (await admin('/dashboard')).json<{ today: { orders: number; revenue: number } }>().today;
    const before = await dashboard();
    await refund(order.id, { idempotencyKey: key('dash'), lines: [{ lineIndex: 1, quantity: 1 }] });
    expect(await dashboard()).toEqual({ orders: before.orders, revenue: before.revenue - 2500 });
    await admin(`/orders/${order.id}/cancel`, {});
    expect(await dashboard()).toEqual({
      orders: before.orders - 1,
      revenue: before.revenue - 7500,
    });

    const ids = async (status: string) =>
      (await admin(`/orders?status=${status}`)).json<{
        orders: { id: string; cancelledAt: string | null; refundedTotal: number }[];
      }>().orders;
    expect((await ids('cancelled')).find((one) => one.id === order.id)).toMatchObject({
      refundedTotal: 7500,
    });
    expect((await ids('refunded')).some((one) => one.id === order.id)).toBe(true);
    expect((await ids('unshipped')).some((one) => one.id === order.id)).toBe(false);
    const csv = await admin('/orders.csv');
    const row = csv.body.split('\n').find((line) => line.startsWith(order.id)) ?? '';
    expect(csv.body.split('\n')[0]).toContain('refunded');
    expect(row).toContain(',75.00,');
  });
});

describe('the test provider', () => {
  it('never refunds more than was charged, and refunds a key once', async () => {
    const order = await placeOrder();
    const { charge_id: chargeId } = await app.db
      .selectFrom('orders')
      .select('charge_id')
      .where('id', '=', order.id)
      .executeTakeFirstOrThrow();
    const provider = createLocalPaymentProvider(app.db);
    const ask = (idempotencyKey: string, amount: number) =>
      provider.refund({
        chargeId: chargeId ?? '',
        amount,
        currency: 'usd',
        idempotencyKey,
        lines: [],
      });
    const first = await ask('provider-a', 7000);
    expect(first).toMatchObject({ ok: true, status: 'succeeded', amount: 7000 });
    expect(await ask('provider-a', 7000)).toEqual(first);
    expect(await ask('provider-a', 100)).toMatchObject({ ok: false, code: 'idempotency_conflict' });
    expect(await ask('provider-b', 501)).toMatchObject({ ok: false, code: 'exceeds_charge' });
    const twins = await Promise.all([ask('provider-c', 500), ask('provider-d', 500)]);
    expect(twins.filter((one) => one.ok)).toHaveLength(1);
    expect(await ask('provider-e', 0)).toMatchObject({ ok: false, code: 'invalid_amount' });
    expect(await provider.findRefund('provider-a')).toMatchObject({ status: 'succeeded' });
    expect(await provider.findRefund('provider-none')).toBeUndefined();
  });
});
