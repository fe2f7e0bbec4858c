import { afterEach, describe, expect, it } from 'vitest';
import type { CreateOrderResponse } from '#shared/orders.ts';
import { newToken, UNLIMITED } from '#server/test/payments.ts';
import { startSmtpServer, type TestSmtpServer } from '#server/test/smtp-server.ts';
import { buildTestApp, type TestApp } from '#server/test/test-app.ts';
import { totalOf } from '#server/test/stock.ts';
import { makeOwner } from '#server/modules/accounts/accounts-service.ts';
import { signUp } from '#server/test/shoppers.ts';
import { mailRepository } from './mail-repository.ts';

const address = {
  name: 'Ada Lovelace',
  line1: '1 Analytical Way',
  city: 'London',
  zip: 'N1 9GU',
  country: 'GB',
};

let app: TestApp | undefined;
let smtp: TestSmtpServer | undefined;
afterEach(async () => {
  await app?.close();
  await smtp?.close();
  app = undefined;
  smtp = undefined;
});

async function placeGuestOrder(shop: TestApp, email = 'ada.lovelace@example.com') {
  const lines = [
    { id: 1, size: 'L', quantity: 2 },
    { id: 30, size: 'M', quantity: 1 },
  ];
  const answer = await shop.inject({
    method: 'POST',
    url: '/api/orders',
    headers: { 'sec-fetch-site': 'same-origin' },
    payload: {
      token: await newToken(shop),
      idempotencyKey: `mail-test-${Math.random().toString(36).slice(2)}`,
      lines,
      email,
      shippingAddress: address,
      billingAddress: address,
      approvedTotal: totalOf(lines),
    },
  });
  expect(answer.statusCode).toBe(201);
  return answer.json<CreateOrderResponse>();
}

describe('the order confirmation email', () => {
  it('is queued by the checkout, which answers while the mail server hangs', async () => {
    smtp = await startSmtpServer();
    smtp.behave('hang');
    app = await buildTestApp({ ...UNLIMITED, SMTP_URL: smtp.url, MAIL_FROM: 'shop@crwn.test' });
    const { order, receipt } = await placeGuestOrder(app);
    expect(smtp.received).toHaveLength(0);

    smtp.behave('accept');
    const [mail] = await smtp.until(1);
    expect(mail?.to).toMatchObject({ text: 'ada.lovelace@example.com' });
    const text = mail?.text ?? '';
    for (const line of order.lines) expect(text).toContain(line.name);
    expect(text).toContain('Total: $');
    expect(text).toContain('1 Analytical Way');
    // The receipt link opens the guest's order.
    const link = new URL(/https?:\/\/\S+confirmation\S+/.exec(text)?.[0] ?? 'http://none');
    expect(link.searchParams.get('receipt')).toBe(receipt);
    const opened = await app.inject({
      url: `/api/orders/${order.id}?receipt=${link.searchParams.get('receipt') ?? ''}`,
    });
    expect(opened.statusCode).toBe(200);
    // What the confirmation page reads to say the email is on its way.
    expect(opened.json()).toMatchObject({ confirmationEmail: 'queued' });
  }, 30_000);

  it('does not fail the checkout when the mail server fails; the email waits for a retry', async () => {
    smtp = await startSmtpServer();
    smtp.behave('fail');
    const logs: string[] = [];
    app = await buildTestApp(
      { ...UNLIMITED, SMTP_URL: smtp.url, MAIL_FROM: 'shop@crwn.test', LOG_LEVEL: 'debug' },
      { logTo: { write: (line: string) => logs.push(line) } },
    );
    const { order, receipt } = await placeGuestOrder(app, 'grace.hopper@example.com');
    // The worker logs the failure after giving the row back.
    await expect
      .poll(() => logs.some((line) => line.includes('email not sent, will retry')), {
        timeout: 20_000,
      })
      .toBe(true);
    await expect
      .poll(
        async () =>
          (await mailRepository.find(app!.db, `order-confirmation:${order.id}`))?.attempts,
        {
          timeout: 20_000,
        },
      )
      .toBe(1);
    const row = await mailRepository.find(app.db, `order-confirmation:${order.id}`);
    expect(row?.status).toBe('queued');
    // No address, receipt or link in the logs, not even the server's refusal quoting it.
    const logged = logs.join('\n');
    expect(logged).not.toContain('grace.hopper');
    expect(logged).not.toContain(receipt ?? 'no receipt');
    expect(logged).not.toContain('/checkout/confirmation?');
  }, 30_000);
});

describe('the outbox, without an SMTP server', () => {
  it('in development, keeps the email and shows it to a request from this machine, not through a proxy', async () => {
    app = await buildTestApp({ ...UNLIMITED, NODE_ENV: 'development' });
    const { order, receipt } = await placeGuestOrder(app);
    await expect
      .poll(
        async () => (await mailRepository.find(app!.db, `order-confirmation:${order.id}`))?.status,
        {
          timeout: 20_000,
        },
      )
      .toBe('kept');

    const page = await app.inject({ url: '/outbox', remoteAddress: '127.0.0.1' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(`Your CRWN Clothing order ${order.id}`);
    expect(page.body).toContain('/checkout/confirmation?order=');

    for (const request of [
      { remoteAddress: '203.0.113.7' },
      { remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': '203.0.113.7' } },
      { remoteAddress: '127.0.0.1', headers: { forwarded: 'for=203.0.113.7' } },
    ]) {
      const refused = await app.inject({ url: '/outbox', ...request });
      expect(refused.statusCode).toBe(401);
      expect(refused.body).not.toContain(order.id);
    }

    // An order whose email is not queued does not claim it is.
    await app.db.deleteFrom('mail_outbox').execute();
    const opened = await app.inject({ url: `/api/orders/${order.id}?receipt=${receipt ?? ''}` });
    expect(opened.json()).not.toHaveProperty('confirmationEmail');
  }, 30_000);

  it('outside development, is shown to nobody without an owner’s session, this machine included', async () => {
    app = await buildTestApp({ ...UNLIMITED });
    const { order } = await placeGuestOrder(app);
    const refused = await app.inject({ url: '/outbox', remoteAddress: '127.0.0.1' });
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject({
      message: 'Sign in as the shop’s owner to read its outbox.',
    });
    expect(refused.body).not.toContain(order.id);
  }, 30_000);

  it('is shown to a signed-in owner from anywhere, and to nobody else there', async () => {
    app = await buildTestApp({ ...UNLIMITED });
    const { order } = await placeGuestOrder(app);
    const shopper = await signUp(app, 'Shopper');
    const owner = await signUp(app, 'Owner');
    expect(await makeOwner(app.db, owner.email)).toBe('made');
    const from = (cookie: string) =>
      app!.inject({ url: '/outbox', remoteAddress: '203.0.113.7', headers: { cookie } });
    const refused = await from(shopper.cookie);
    expect(refused.statusCode).toBe(403);
    expect(refused.body).not.toContain(order.id);
    await expect
      .poll(async () => (await from(owner.cookie)).body, { timeout: 20_000 })
      .toContain(order.id);
  }, 30_000);

  it('is not served when the shop sends over SMTP', async () => {
    smtp = await startSmtpServer();
    app = await buildTestApp({ ...UNLIMITED, SMTP_URL: smtp.url, MAIL_FROM: 'shop@crwn.test' });
    const { order } = await placeGuestOrder(app);
    await smtp.until(1);
    const page = await app.inject({ url: '/outbox', remoteAddress: '127.0.0.1' });
    expect(page.statusCode).toBe(404);
    expect(page.body).not.toContain(order.id);
  }, 30_000);
});
