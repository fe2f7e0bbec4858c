import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreateOrderResponse, OrderListResponse } from '#shared/orders.ts';
import { newToken, UNLIMITED } from '#server/test/payments.ts';
import { runCommand, type CommandRun } from '#server/test/run-command.ts';
import { sharedDatabase } from '#server/test/shared-database.ts';
import { SHOPPER_ADDRESS, signUp, uniqueEmail } from '#server/test/shoppers.ts';
import { startSmtpServer, type TestSmtpServer } from '#server/test/smtp-server.ts';
import { setAllStock, totalOf, withSizes } from '#server/test/stock.ts';
import { buildTestApp, TEST_AUTH_SECRET, type TestApp } from '#server/test/test-app.ts';

// Issue 14's first part: roles, the first owner's command, owners granting staff, the order list
// and shipping from the back office (which sends issue 15's shipped email), and the audit trail.

const ADD_OWNER = path.join(import.meta.dirname, '../../../../scripts/accounts/add-owner.ts');

let app: TestApp;
let smtp: TestSmtpServer;
let database: Awaited<ReturnType<typeof sharedDatabase>>;
let workDir: string;
let owner: Awaited<ReturnType<typeof signUp>>;

/** `npm run owner:add -- …args` beside the shop, on its database, from a folder without .env. */
function addOwner(...args: string[]): Promise<CommandRun> {
  const env = { ...process.env, ...database.env, AUTH_SECRET: TEST_AUTH_SECRET, DATA_DIR: workDir };
  return runCommand(ADD_OWNER, args, { cwd: workDir, env });
}

const call = (method: 'GET' | 'POST' | 'DELETE', url: string, cookie: string, payload?: object) =>
  app.inject({
    method,
    url,
    headers: { cookie, 'sec-fetch-site': 'same-origin' },
    ...(payload ? { payload } : {}),
  });

let keys = 0;
async function placeOrder(cookie: string, email: string): Promise<CreateOrderResponse> {
  const lines = withSizes([{ id: 1, quantity: 2 }]);
  const answer = await app.inject({
    method: 'POST',
    url: '/api/orders',
    headers: { 'sec-fetch-site': 'same-origin', cookie },
    payload: {
      token: await newToken(app),
      idempotencyKey: `back-office-${process.pid}-${Date.now()}-${(keys += 1)}`,
      lines,
      email,
      shippingAddress: SHOPPER_ADDRESS,
      billingAddress: SHOPPER_ADDRESS,
      approvedTotal: totalOf(lines),
    },
  });
  expect(answer.statusCode).toBe(201);
  return answer.json<CreateOrderResponse>();
}

beforeAll(async () => {
  smtp = await startSmtpServer();
  database = await sharedDatabase();
  workDir = await mkdtemp(path.join(tmpdir(), 'crwn-owner-'));
  app = await buildTestApp({
    ...UNLIMITED,
    ...database.env,
    SMTP_URL: smtp.url,
    MAIL_FROM: 'shop@crwn.test',
  });
  await setAllStock(app.db, 1000);
  owner = await signUp(app, 'First');
}, 60_000);

afterAll(async () => {
  await app.close();
  await smtp.close();
  await database.remove();
  await rm(workDir, { recursive: true, force: true });
});

describe('the first owner', () => {
  it('is nobody by default, not even the first account; the command makes one, given an email', async () => {
    expect((await call('GET', '/api/admin/me', owner.cookie)).statusCode).toBe(403);

    const unknown = await addOwner(uniqueEmail('nobody'));
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('Sign up in the shop with that address first');
    expect((await addOwner()).code).toBe(2);

    const made = await addOwner(owner.email);
    expect(made.stdout).toContain(`${owner.email} is now an owner`);
    expect(made.code).toBe(0);
    const me = await call('GET', '/api/admin/me', owner.cookie);
    expect(me.statusCode).toBe(200);
    expect(me.json()).toEqual({
      id: owner.id,
      email: owner.email,
      role: 'owner',
      shopName: 'CRWN Clothing',
    });
    expect(me.headers['x-robots-tag']).toBe('noindex');
    expect((await addOwner(owner.email)).stdout).toContain('was already an owner');
  }, 60_000);
});

describe('staff', () => {
  it('are granted and revoked by an owner, never by themselves, and the shop keeps an owner', async () => {
    const staff = await signUp(app, 'Helper');
    const granted = await call('POST', '/api/admin/staff', owner.cookie, {
      email: staff.email,
      role: 'staff',
    });
    expect(granted.json()).toMatchObject({ userId: staff.id, role: 'staff' });
    expect((await call('GET', '/api/admin/me', staff.cookie)).json()).toMatchObject({
      role: 'staff',
    });
    // Staff cannot make themselves (or anyone) owners, nor see who holds roles.
    const climb = await call('POST', '/api/admin/staff', staff.cookie, {
      email: staff.email,
      role: 'owner',
    });
    expect(climb.statusCode).toBe(403);
    expect((await call('GET', '/api/admin/staff', staff.cookie)).statusCode).toBe(403);

    const list = await call('GET', '/api/admin/staff', owner.cookie);
    expect(list.json<{ staff: { email: string; role: string }[] }>().staff).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ email: owner.email, role: 'owner' }),
        expect.objectContaining({ email: staff.email, role: 'staff' }),
      ]),
    );
    const noAccount = await call('POST', '/api/admin/staff', owner.cookie, {
      email: uniqueEmail('ghost'),
      role: 'staff',
    });
    expect(noAccount.statusCode).toBe(404);

    const lastOwner = await call('DELETE', `/api/admin/staff/${owner.id}`, owner.cookie);
    expect(lastOwner.statusCode).toBe(409);
    expect(lastOwner.json()).toMatchObject({ code: 'LAST_OWNER' });

    expect((await call('DELETE', `/api/admin/staff/${staff.id}`, owner.cookie)).statusCode).toBe(
      200,
    );
    expect((await call('GET', '/api/admin/me', staff.cookie)).statusCode).toBe(403);
  }, 60_000);
});

describe('two owners', () => {
  it('revoking each other at the same moment leave the shop one owner', async () => {
    const second = await signUp(app, 'Second');
    await call('POST', '/api/admin/staff', owner.cookie, { email: second.email, role: 'owner' });
    const [first, other] = await Promise.all([
      call('DELETE', `/api/admin/staff/${second.id}`, owner.cookie),
      call('DELETE', `/api/admin/staff/${owner.id}`, second.cookie),
    ]);
    // One wins; the other is refused as the last owner (409) or, when it came second, as no
    // longer an owner (403).
    expect([first.statusCode, other.statusCode].filter((status) => status === 200)).toHaveLength(1);
    expect([first.statusCode, other.statusCode]).not.toContain(500);
    const staff = await call(
      'GET',
      '/api/admin/staff',
      first.statusCode === 200 ? owner.cookie : second.cookie,
    );
    expect(
      staff.json<{ staff: { role: string }[] }>().staff.filter((holder) => holder.role === 'owner'),
    ).toHaveLength(1);
    // The first owner stays the owner for the tests below.
    if (first.statusCode !== 200) {
      await call('POST', '/api/admin/staff', second.cookie, { email: owner.email, role: 'owner' });
      await call('DELETE', `/api/admin/staff/${second.id}`, owner.cookie);
    }
  }, 60_000);
});

describe('orders in the back office', () => {
  it('are listed with filters, and shipping one tells the shopper by email and in their history', async () => {
    const shopper = await signUp(app, 'Buyer', uniqueEmail('buyer'));
    const { order } = await placeOrder(shopper.cookie, shopper.email);
    const other = await signUp(app, 'Other', uniqueEmail('other'));
    await placeOrder(other.cookie, other.email);

    const byCustomer = await call(
      'GET',
      `/api/admin/orders?customer=${encodeURIComponent(shopper.email.toUpperCase())}`,
      owner.cookie,
    );
    expect(byCustomer.json()).toMatchObject({ total: 1, orders: [{ id: order.id, items: 2 }] });
    const wildcard = await call('GET', '/api/admin/orders?customer=%25', owner.cookie);
    expect(wildcard.json()).toMatchObject({ total: 0 });
    const today = new Date().toISOString().slice(0, 10);
    const ofToday = await call('GET', `/api/admin/orders?from=${today}&to=${today}`, owner.cookie);
    expect(ofToday.json<{ total: number }>().total).toBeGreaterThanOrEqual(2);
    const badDate = await call('GET', '/api/admin/orders?from=yesterday', owner.cookie);
    expect(badDate.statusCode).toBe(400);
    expect(badDate.json()).toMatchObject({ message: 'Use a date as YYYY-MM-DD.' });

    const shipped = await call('POST', `/api/admin/orders/${order.id}/shipment`, owner.cookie, {
      carrier: 'Royal Mail',
      trackingNumber: 'AB123456789GB',
    });
    expect(shipped.statusCode).toBe(200);
    const unshipped = await call('GET', '/api/admin/orders?status=unshipped', owner.cookie);
    expect(
      unshipped.json<{ orders: { id: string }[] }>().orders.map((found) => found.id),
    ).not.toContain(order.id);
    const otherwise = await call('POST', `/api/admin/orders/${order.id}/shipment`, owner.cookie, {
      carrier: 'DHL',
      trackingNumber: 'X1',
    });
    expect(otherwise.statusCode).toBe(409);

    const history = await app.inject({ url: '/api/orders', headers: { cookie: shopper.cookie } });
    expect(history.json<OrderListResponse>().orders[0]?.shipment).toMatchObject({
      carrier: 'Royal Mail',
      trackingNumber: 'AB123456789GB',
    });
    await expect
      .poll(
        () =>
          smtp.received.filter(
            (mail) =>
              (mail.subject ?? '').includes('shipped') &&
              (mail.text ?? '').includes('AB123456789GB'),
          ).length,
        { timeout: 20_000 },
      )
      .toBe(1);
  }, 60_000);
});

describe('the dashboard, the CSV export and the customers', () => {
  it("count today's orders and revenue, list low stock, export orders, and show a customer", async () => {
    const before = (await call('GET', '/api/admin/dashboard', owner.cookie)).json<{
      today: { orders: number; revenue: number };
      days: { date: string; orders: number }[];
    }>();
    expect(before.days).toHaveLength(30);
    expect(before.days.at(-1)?.date).toBe(new Date().toISOString().slice(0, 10));

    // An address a spreadsheet would read as a formula.
    const buyer = await signUp(app, 'Formula', `-2+3-${process.pid}@example.com`);
    const { order } = await placeOrder(buyer.cookie, buyer.email);
    await app.db
      .updateTable('catalogue_stock')
      .set({ stock: 2 })
      .where('product_id', '=', 5)
      .where('size', '=', 'M')
      .execute();

    const after = await call('GET', '/api/admin/dashboard', owner.cookie);
    expect(after.json()).toMatchObject({
      today: { orders: before.today.orders + 1, revenue: before.today.revenue + order.total },
    });
    expect(after.json<{ lowStock: unknown[] }>().lowStock).toContainEqual(
      expect.objectContaining({ productId: 5, size: 'M', stock: 2 }),
    );

    const csv = await call(
      'GET',
      `/api/admin/orders.csv?customer=${encodeURIComponent(buyer.email)}`,
      owner.cookie,
    );
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toBe('attachment; filename="orders.csv"');
    const [header, row, end] = csv.body.split('\n');
    expect(header).toBe(
      'order,date,email,items,total,currency,shipped_at,carrier,tracking_number,refunded,cancelled_at',
    );
    expect(row).toContain(`${order.id},${order.createdAt},'${buyer.email},`);
    expect(row).toContain((order.total / 100).toFixed(2));
    expect(end).toBe('');

    const customers = await call(
      'GET',
      `/api/admin/customers?q=${encodeURIComponent('-2+3')}`,
      owner.cookie,
    );
    expect(customers.json()).toMatchObject({
      total: 1,
      customers: [
        { id: buyer.id, email: buyer.email, name: 'Formula', orders: 1, spent: order.total },
      ],
    });
    const one = await call('GET', `/api/admin/customers/${buyer.id}`, owner.cookie);
    expect(one.json()).toMatchObject({
      customer: { id: buyer.id, email: buyer.email, emailVerified: false },
      orders: [{ id: order.id }],
    });
    expect((await call('GET', '/api/admin/customers/nobody', owner.cookie)).statusCode).toBe(404);
  }, 60_000);
});

describe('a product edited in the back office', () => {
  it('shows its new price and stock at once, and the next order is charged and stocked from them', async () => {
    const edited = await app.inject({
      method: 'PATCH',
      url: '/api/admin/products/1',
      headers: { cookie: owner.cookie, 'sec-fetch-site': 'same-origin' },
      payload: { price: 3100, stock: { L: 0 } },
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ price: 3100, sizes: [{}, {}, { size: 'L', stock: 0 }] });
    await expect
      .poll(
        async () =>
          (await app.inject({ url: '/api/catalogue/products/1' })).json<{ price: number }>().price,
        { timeout: 5000 },
      )
      .toBe(3100);

    const buyer = await signUp(app, 'Price', uniqueEmail('price'));
    const order = async (size: string) =>
      app.inject({
        method: 'POST',
        url: '/api/orders',
        headers: { 'sec-fetch-site': 'same-origin', cookie: buyer.cookie },
        payload: {
          token: await newToken(app),
          idempotencyKey: `edited-${process.pid}-${Date.now()}-${(keys += 1)}`,
          lines: [{ id: 1, size, quantity: 1 }],
          email: buyer.email,
          shippingAddress: SHOPPER_ADDRESS,
          billingAddress: SHOPPER_ADDRESS,
          approvedTotal: 3100,
        },
      });
    const soldOut = await order('L');
    expect(soldOut.statusCode).toBe(409);
    expect(soldOut.json()).toMatchObject({ code: 'OUT_OF_STOCK' });
    const paid = await order('M');
    expect(paid.statusCode).toBe(201);
    expect(paid.json<CreateOrderResponse>().order.total).toBe(3100);

    const badSize = await app.inject({
      method: 'PATCH',
      url: '/api/admin/products/1',
      headers: { cookie: owner.cookie, 'sec-fetch-site': 'same-origin' },
      payload: { stock: { XXL: 5 } },
    });
    expect(badSize.json()).toEqual({
      error: 'Bad Request',
      code: 'VALIDATION_ERROR',
      message: 'This product has no size XXL.',
    });
    const negative = await app.inject({
      method: 'PATCH',
      url: '/api/admin/products/1',
      headers: { cookie: owner.cookie, 'sec-fetch-site': 'same-origin' },
      payload: { stock: { M: -1 } },
    });
    expect(negative.json()).toMatchObject({ message: 'Stock cannot be below 0.' });
  }, 60_000);
});

describe('the audit trail', () => {
  it('records who changed what, before and after, for the owner to read', async () => {
    const audit = await call('GET', '/api/admin/audit', owner.cookie);
    const entries = audit.json<{
      entries: { action: string; actor: { email: string }; before: unknown; after: unknown }[];
    }>().entries;
    expect(entries.map((entry) => entry.action)).toEqual(
      expect.arrayContaining(['role.grant', 'role.revoke', 'order.ship', 'product.edit']),
    );
    expect(
      entries.find(
        (entry) =>
          entry.action === 'role.grant' && JSON.stringify(entry.after) === '{"role":"staff"}',
      ),
    ).toMatchObject({
      actor: { email: owner.email },
      before: { role: 'shopper' },
      after: { role: 'staff' },
    });
    expect(entries.find((entry) => entry.action === 'order.ship')).toMatchObject({
      after: { carrier: 'Royal Mail', trackingNumber: 'AB123456789GB' },
    });
  }, 60_000);
});
