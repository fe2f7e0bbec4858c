import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreateOrderResponse, Order, OrderListResponse } from '#shared/orders.ts';
import { deriveSecret } from '#server/platform/secrets.ts';
import { newToken, UNLIMITED } from '#server/test/payments.ts';
import { runCommand, type CommandRun } from '#server/test/run-command.ts';
import { sharedDatabase } from '#server/test/shared-database.ts';
import { SHOPPER_ADDRESS, signUp } from '#server/test/shoppers.ts';
import { startSmtpServer, type TestSmtpServer } from '#server/test/smtp-server.ts';
import { setAllStock, totalOf, withSizes } from '#server/test/stock.ts';
import {
  buildTestApp,
  TEST_AUTH_SECRET,
  TEST_PUBLIC_URL,
  type TestApp,
} from '#server/test/test-app.ts';
import { orderRepository } from './order-repository.ts';
import { checkShipmentInput, createShipmentService } from './orders-service.ts';

// Issue 15: "Order shipped, with the carrier and tracking number", marked by the shop owner's
// command (ADR 040) on the database a running shop uses, on SQLite and on PostgreSQL.

const SHIP = path.join(import.meta.dirname, '../../../../scripts/orders/ship.ts');

let app: TestApp;
let smtp: TestSmtpServer;
let database: Awaited<ReturnType<typeof sharedDatabase>>;
let workDir: string;

beforeAll(async () => {
  smtp = await startSmtpServer();
  database = await sharedDatabase();
  workDir = await mkdtemp(path.join(tmpdir(), 'crwn-ship-'));
  app = await buildTestApp({
    ...UNLIMITED,
    ...database.env,
    SMTP_URL: smtp.url,
    MAIL_FROM: 'shop@crwn.test',
  });
  await setAllStock(app.db, 1000);
});

afterAll(async () => {
  await app.close();
  await smtp.close();
  await database.remove();
  await rm(workDir, { recursive: true, force: true });
});

let keys = 0;

/** Pays for two sized lines through the API, as a guest or as the shopper of `cookie`. */
async function placeOrder(cookie?: string): Promise<CreateOrderResponse> {
  const lines = withSizes([
    { id: 1, quantity: 2 },
    { id: 30, quantity: 1 },
  ]);
  const answer = await app.inject({
    method: 'POST',
    url: '/api/orders',
    headers: { 'sec-fetch-site': 'same-origin', ...(cookie ? { cookie } : {}) },
    payload: {
      token: await newToken(app),
      idempotencyKey: `ship-test-${process.pid}-${Date.now()}-${(keys += 1)}`,
      lines,
      email: 'ada.lovelace@example.com',
      shippingAddress: SHOPPER_ADDRESS,
      billingAddress: SHOPPER_ADDRESS,
      approvedTotal: totalOf(lines),
    },
  });
  expect(answer.statusCode).toBe(201);
  return answer.json<CreateOrderResponse>();
}

/**
 * `npm run orders:ship -- …args` as the owner runs it beside the shop: a process of its own, with
 * the shop's settings, from a folder without a .env.
 */
function ship(...args: string[]): Promise<CommandRun> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    ...database.env,
    AUTH_SECRET: TEST_AUTH_SECRET,
    PUBLIC_URL: TEST_PUBLIC_URL,
    DATA_DIR: workDir,
  };
  return runCommand(SHIP, args, { cwd: workDir, env });
}

const emailKeys = async (prefix: string) =>
  (await app.db.selectFrom('mail_outbox').select('event_key').execute())
    .map((row) => row.event_key)
    .filter((key) => key.startsWith(prefix));

describe('npm run orders:ship', () => {
  it('marks a paid order shipped and queues one email, run twice at once and again', async () => {
    const { order, receipt } = await placeOrder();

    const runs = await Promise.all([
      ship(order.id, '--carrier', 'Royal Mail', '--tracking', 'AB123456789GB'),
      ship(order.id, '--carrier', 'Royal Mail', '--tracking', 'AB123456789GB'),
    ]);
    expect(runs.map((run) => run.code)).toEqual([0, 0]);
    const said = runs.map((run) => run.stdout).join('');
    expect(said).toContain(`Order ${order.id} is shipped on`);
    expect(said).toContain(`Order ${order.id} was already shipped on`);
    // The third time changes nothing either.
    const again = await ship(order.id, '--carrier', 'Royal Mail', '--tracking', 'AB123456789GB');
    expect(again).toMatchObject({ code: 0, stderr: '' });
    expect(again.stdout).toContain('nothing changed');

    // The shop's worker sends it (the command only queues), to a real SMTP server.
    const subject = `Your CRWN Clothing order ${order.id} has shipped`;
    await expect
      .poll(() => smtp.received.some((one) => one.subject === subject), { timeout: 20_000 })
      .toBe(true);
    const mail = smtp.received.find((one) => one.subject === subject);
    expect(mail?.to).toMatchObject({ text: 'ada.lovelace@example.com' });
    for (const part of [mail?.text ?? '', mail?.html || '']) {
      expect(part).toContain(order.id);
      expect(part).toContain('with Royal Mail, tracking number AB123456789GB');
      expect(part).toContain('Brown Brim (size M) x 2');
      expect(part).toContain('Camo Down Vest (size M) x 1');
    }
    // The order's link, as in the confirmation: its receipt opens the guest's order.
    const link = new URL(
      /https?:\/\/\S+confirmation\S+/.exec(mail?.text ?? '')?.[0] ?? 'http://none',
    );
    expect(link.origin).toBe(TEST_PUBLIC_URL);
    expect(link.searchParams.get('receipt')).toBe(receipt);
    const opened = await app.inject({
      url: `/api/orders/${order.id}?receipt=${link.searchParams.get('receipt') ?? ''}`,
    });
    expect(opened.json<Order>().shipment).toEqual({
      shippedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) as unknown,
      carrier: 'Royal Mail',
      trackingNumber: 'AB123456789GB',
    });

    // One email for the shipment, sent once: nothing more is queued or arrives.
    expect(await emailKeys(`order-shipped:${order.id}`)).toEqual([`order-shipped:${order.id}`]);
    await expect
      .poll(
        async () =>
          (
            await app.db
              .selectFrom('mail_outbox')
              .select('status')
              .where('event_key', '=', `order-shipped:${order.id}`)
              .executeTakeFirst()
          )?.status,
      )
      .toBe('sent');
    expect(smtp.received.filter((one) => one.subject === subject)).toHaveLength(1);
  }, 60_000);

  it('refuses another carrier or tracking number for a shipped order, and keeps the first', async () => {
    const { order, receipt } = await placeOrder();
    expect((await ship(order.id, '--carrier', 'DHL', '--tracking', '1234 5678-90')).code).toBe(0);

    const refused = await ship(order.id, '--carrier', 'DHL', '--tracking', '999');
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(`Order ${order.id} was already shipped on`);
    expect(refused.stderr).toContain('with DHL, tracking number 1234 5678-90');
    expect(refused.stderr).toContain('nothing changed');
    const opened = await app.inject({ url: `/api/orders/${order.id}?receipt=${receipt ?? ''}` });
    expect(opened.json<Order>().shipment).toMatchObject({ trackingNumber: '1234 5678-90' });
  }, 30_000);

  it('refuses an order whose payment is pending, and an unknown order', async () => {
    const id = `ord_pending${String(Date.now()).padStart(17, '0')}`;
    await orderRepository.recordPending(app.db, {
      id,
      idempotencyKey: `ship-pending-${process.pid}-${Date.now()}`,
      requestFingerprint: '{}',
      userId: null,
      email: 'ada@example.com',
      currency: 'usd',
      total: 2500,
      lines: [
        { id: 1, name: 'Brown Brim', size: 'M', unitPrice: 2500, quantity: 1, lineTotal: 2500 },
      ],
      billingAddress: null,
      shippingAddress: null,
      createdAt: new Date().toISOString(),
    });
    const pending = await ship(id, '--carrier', 'Royal Mail', '--tracking', 'AB1');
    expect(pending.code).toBe(1);
    expect(pending.stderr).toContain(`Order ${id} is not paid`);
    const row = await app.db
      .selectFrom('orders')
      .select(['shipped_at', 'carrier'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ shipped_at: null, carrier: null });
    expect(await emailKeys(`order-shipped:${id}`)).toEqual([]);

    const unknown = await ship(
      'ord_000000000000000000000000',
      '--carrier',
      'Royal Mail',
      '--tracking',
      'AB1',
    );
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('There is no order ord_000000000000000000000000');
  }, 30_000);
});

describe('the shipment in the orders API', () => {
  it("is null until the order ships, then in the shopper's list and the order", async () => {
    const shopper = await signUp(app, 'Grace');
    const { order } = await placeOrder(shopper.cookie);
    const list = async () =>
      (
        await app.inject({ url: '/api/orders', headers: { cookie: shopper.cookie } })
      ).json<OrderListResponse>().orders;
    expect((await list())[0]).toMatchObject({ id: order.id, shipment: null });

    expect(
      (await ship(order.id, '--carrier', 'Royal Mail', '--tracking', 'AB123456789GB')).code,
    ).toBe(0);
    const shipment = { carrier: 'Royal Mail', trackingNumber: 'AB123456789GB' };
    expect((await list())[0]).toMatchObject({ id: order.id, shipment });
    const one = await app.inject({
      url: `/api/orders/${order.id}`,
      headers: { cookie: shopper.cookie },
    });
    expect(one.json()).toMatchObject({ shipment });
    // A signed-in shopper's email links to the order without a receipt, as the confirmation's.
    const queued = await app.db
      .selectFrom('mail_outbox')
      .select('text')
      .where('event_key', '=', `order-shipped:${order.id}`)
      .executeTakeFirstOrThrow();
    expect(queued.text).toContain(`${TEST_PUBLIC_URL}/checkout/confirmation?order=${order.id}\n`);
  }, 30_000);
});

describe('markShipped', () => {
  const receiptSecret = deriveSecret(TEST_AUTH_SECRET, 'order-receipts');
  const input = { carrier: 'Royal Mail', trackingNumber: 'AB123456789GB' };

  it('records a shipment once when called many times at once, and tells onShipped each time with the order', async () => {
    const { order, receipt } = await placeOrder();
    const told: [Order, string | null][] = [];
    const shipments = createShipmentService({
      db: app.db,
      receiptSecret,
      onShipped: (shipped, shippedReceipt) => {
        told.push([shipped, shippedReceipt]);
        return Promise.resolve();
      },
    });
    const results = await Promise.all(
      Array.from({ length: 6 }, () => shipments.markShipped(order.id, input)),
    );
    expect(results.map((result) => result.kind).sort()).toEqual([
      'already_shipped',
      'already_shipped',
      'already_shipped',
      'already_shipped',
      'already_shipped',
      'shipped',
    ]);
    // One shipment, the same one for every caller.
    expect(new Set(told.map(([shipped]) => JSON.stringify(shipped.shipment))).size).toBe(1);
    expect(told.every(([, shippedReceipt]) => shippedReceipt === receipt)).toBe(true);
  });

  it('leaves the order shipped when onShipped fails, and the same shipment again tells it again', async () => {
    const { order } = await placeOrder();
    let failing = true;
    let told = 0;
    const shipments = createShipmentService({
      db: app.db,
      receiptSecret,
      onShipped: () => {
        told += 1;
        return failing ? Promise.reject(new Error('mail queue down')) : Promise.resolve();
      },
    });
    await expect(shipments.markShipped(order.id, input)).rejects.toThrow('mail queue down');
    failing = false;
    expect(await shipments.markShipped(order.id, input)).toMatchObject({ kind: 'already_shipped' });
    expect(told).toBe(2);
  });

  it('tidies white space, and refuses what is no order number, carrier or tracking number', () => {
    expect(
      checkShipmentInput(' ord_abcdefghijklmnopqrstuvwx ', {
        carrier: ' Royal   Mail ',
        trackingNumber: 'AB 12\t34',
      }),
    ).toEqual({
      ok: true,
      orderId: 'ord_abcdefghijklmnopqrstuvwx',
      shipment: { carrier: 'Royal Mail', trackingNumber: 'AB 12 34' },
    });
    const refused = (orderId: string, carrier: string, trackingNumber: string) => {
      const checked = checkShipmentInput(orderId, { carrier, trackingNumber });
      return checked.ok ? 'accepted' : checked.message;
    };
    const id = 'ord_abcdefghijklmnopqrstuvwx';
    expect(refused('ord_short', 'DHL', 'AB1')).toMatch(/^ord_short is not an order number/);
    expect(refused(id, '  ', 'AB1')).toMatch(/^The carrier is 1 to 60 characters/);
    expect(refused(id, 'x'.repeat(61), 'AB1')).toMatch(/^The carrier is 1 to 60 characters/);
    expect(refused(id, 'Royal\u0007Mail', 'AB1')).toMatch(/^The carrier/);
    expect(refused(id, 'x'.repeat(60), '9'.repeat(60))).toBe('accepted');
    expect(refused(id, 'DHL', '9'.repeat(61))).toMatch(/^The tracking number is 1 to 60 letters/);
    expect(refused(id, 'DHL', 'AB_123')).toMatch(/^The tracking number/);
    expect(refused(id, 'DHL', ' ')).toMatch(/^The tracking number/);
  });

  it('refuses an invalid shipment without touching the order', async () => {
    const { order, receipt } = await placeOrder();
    const shipments = createShipmentService({ db: app.db, receiptSecret });
    expect(
      await shipments.markShipped(order.id, { carrier: 'DHL', trackingNumber: 'AB/1' }),
    ).toMatchObject({ kind: 'invalid' });
    const opened = await app.inject({ url: `/api/orders/${order.id}?receipt=${receipt ?? ''}` });
    expect(opened.json<Order>().shipment).toBeNull();
  });
});
