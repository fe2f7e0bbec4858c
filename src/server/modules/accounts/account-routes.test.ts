import { afterEach, describe, expect, it } from 'vitest';
import type { ParsedMail } from 'mailparser';
import type { CreateOrderResponse } from '#shared/orders.ts';
import { newToken, UNLIMITED } from '#server/test/payments.ts';
import {
  cookieHeader,
  GOOD_PASSWORD,
  signUp,
  signUpWithProfile,
  uniqueEmail,
} from '#server/test/shoppers.ts';
import { startSmtpServer, type TestSmtpServer } from '#server/test/smtp-server.ts';
import { totalOf } from '#server/test/stock.ts';
import { buildTestApp, type TestApp } from '#server/test/test-app.ts';
import { INVALID_LINK_MESSAGE, RESET_REQUESTED_MESSAGE } from './account-routes.ts';

let app: TestApp | undefined;
let smtp: TestSmtpServer | undefined;
afterEach(async () => {
  await app?.close();
  await smtp?.close();
  app = undefined;
  smtp = undefined;
});

const SAME_ORIGIN = { 'sec-fetch-site': 'same-origin' };
const NEW_PASSWORD = 'a new and better passphrase';

/** A shop sending through a real SMTP server started here, with its log lines kept. */
async function shopWithMail(env: Record<string, string> = {}) {
  smtp = await startSmtpServer();
  const logs: string[] = [];
  app = await buildTestApp(
    { ...UNLIMITED, SMTP_URL: smtp.url, MAIL_FROM: 'shop@crwn.test', LOG_LEVEL: 'debug', ...env },
    { logTo: { write: (line: string) => logs.push(line) } },
  );
  return { shop: app, mailbox: smtp, logs };
}

const toAddress = (mail: ParsedMail) =>
  [mail.to]
    .flat()
    .map((to) => to?.text ?? '')
    .join(', ');

/** Waits for the `nth` (1-based) email to `address` whose subject contains `subject`. */
async function mailTo(mailbox: TestSmtpServer, address: string, subject: string, nth = 1) {
  let found: ParsedMail | undefined;
  await expect
    .poll(
      () => {
        found = mailbox.received.filter(
          (mail) => toAddress(mail) === address && (mail.subject ?? '').includes(subject),
        )[nth - 1];
        return found !== undefined;
      },
      { timeout: 20_000 },
    )
    .toBe(true);
  return found!;
}

/** The token of the email's link, which carries it in the fragment (`#token=`). */
function tokenOf(mail: ParsedMail, path: string): string {
  const link = new RegExp(`https?://\\S+${path}#token=(\\S+)`).exec(mail.text ?? '');
  if (!link?.[1]) throw new Error(`no ${path} link in: ${mail.text}`);
  expect(mail.html).toContain(`${path}#token=${link[1]}`);
  return link[1];
}

const post = (shop: TestApp, url: string, payload: unknown, cookie?: string) =>
  shop.inject({
    method: 'POST',
    url,
    headers: { ...SAME_ORIGIN, ...(cookie ? { cookie } : {}) },
    payload: payload as object,
  });

const signIn = (shop: TestApp, email: string, password: string) =>
  post(shop, '/api/auth/sign-in/email', { email, password });

const account = async (shop: TestApp, cookie: string) =>
  shop.inject({ url: '/api/account', headers: { cookie } });

const ADDRESS = {
  name: 'Ada Lovelace',
  line1: '1 Analytical Way',
  city: 'London',
  zip: 'N1 9GU',
  country: 'GB',
};

/** A paid order of the signed-in shopper, as the checkout sends it. */
async function placeOrder(shop: TestApp, shopper: { email: string; cookie: string }) {
  const lines = [{ id: 1, size: 'L', quantity: 1 }];
  const answer = await shop.inject({
    method: 'POST',
    url: '/api/orders',
    headers: { ...SAME_ORIGIN, cookie: shopper.cookie },
    payload: {
      token: await newToken(shop),
      idempotencyKey: `account-test-${Math.random().toString(36).slice(2)}`,
      lines,
      email: shopper.email,
      shippingAddress: ADDRESS,
      billingAddress: ADDRESS,
      approvedTotal: totalOf(lines),
    },
  });
  expect(answer.statusCode, answer.body).toBe(201);
  return answer.json<CreateOrderResponse>().order;
}

describe('forgot password', () => {
  it('answers the same for an address with or without an account, and mails a one-use link', async () => {
    const { shop, mailbox, logs } = await shopWithMail();
    const shopper = await signUp(shop, 'Ada');
    const other = await signIn(shop, shopper.email, GOOD_PASSWORD);
    const otherCookie = cookieHeader(other.headers['set-cookie']);

    const known = await post(shop, '/api/account/password-reset', { email: shopper.email });
    const unknown = await post(shop, '/api/account/password-reset', {
      email: uniqueEmail('nobody'),
    });
    expect(known.statusCode).toBe(202);
    expect(unknown.statusCode).toBe(202);
    expect(known.body).toBe(unknown.body);
    expect(known.json()).toEqual({ message: RESET_REQUESTED_MESSAGE });

    const mail = await mailTo(mailbox, shopper.email, 'Choose a new password');
    expect(mail.text).toContain('30 minutes');
    const token = tokenOf(mail, '/reset-password');
    // Only the secret's hash is stored.
    const rows = await shop.db.selectFrom('account_tokens').selectAll().execute();
    expect(JSON.stringify(rows)).not.toContain(token.split('.')[1]);

    const reset = await post(shop, '/api/account/password-reset/confirm', {
      token,
      newPassword: NEW_PASSWORD,
    });
    expect(reset.statusCode).toBe(200);
    // Every session of the account has ended.
    expect((await account(shop, shopper.cookie)).statusCode).toBe(401);
    expect((await account(shop, otherCookie)).statusCode).toBe(401);
    expect((await signIn(shop, shopper.email, GOOD_PASSWORD)).statusCode).toBe(401);
    expect((await signIn(shop, shopper.email, NEW_PASSWORD)).statusCode).toBe(200);

    // Single use.
    const again = await post(shop, '/api/account/password-reset/confirm', {
      token,
      newPassword: 'yet another passphrase',
    });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({
      error: 'Bad Request',
      code: 'INVALID_TOKEN',
      message: INVALID_LINK_MESSAGE,
    });

    // No address, token or link in the logs.
    const logged = logs.join('\n');
    expect(logged).not.toContain(shopper.email);
    expect(logged).not.toContain(token);
    expect(logged).not.toContain('#token=');
  }, 40_000);

  it('refuses an expired link, a forged one, and an earlier link once a newer one is sent', async () => {
    const { shop, mailbox } = await shopWithMail();
    const shopper = await signUp(shop, 'Grace');
    await post(shop, '/api/account/password-reset', { email: shopper.email });
    const first = tokenOf(
      await mailTo(mailbox, shopper.email, 'Choose a new password'),
      '/reset-password',
    );
    await post(shop, '/api/account/password-reset', { email: shopper.email });
    const second = tokenOf(
      await mailTo(mailbox, shopper.email, 'Choose a new password', 2),
      '/reset-password',
    );
    const use = (token: string) =>
      post(shop, '/api/account/password-reset/confirm', { token, newPassword: NEW_PASSWORD });

    expect((await use(first)).statusCode).toBe(400);
    const [id] = second.split('.');
    expect((await use(`${id}.${'A'.repeat(43)}`)).statusCode).toBe(400);
    expect((await use('not a token')).statusCode).toBe(400);
    await shop.db
      .updateTable('account_tokens')
      .set({ expires_at: Date.now() - 1 })
      .where('id', '=', id!)
      .execute();
    expect((await use(second)).json()).toMatchObject({ code: 'INVALID_TOKEN' });
    expect((await signIn(shop, shopper.email, GOOD_PASSWORD)).statusCode).toBe(200);
  }, 40_000);

  it('takes the new password only within the password rules, keeping the link usable', async () => {
    const { shop, mailbox } = await shopWithMail();
    const shopper = await signUp(shop, 'Alan');
    await post(shop, '/api/account/password-reset', { email: shopper.email });
    const token = tokenOf(
      await mailTo(mailbox, shopper.email, 'Choose a new password'),
      '/reset-password',
    );
    const short = await post(shop, '/api/account/password-reset/confirm', {
      token,
      newPassword: 'short',
    });
    expect(short.statusCode).toBe(400);
    expect(short.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
    const good = await post(shop, '/api/account/password-reset/confirm', {
      token,
      newPassword: NEW_PASSWORD,
    });
    expect(good.statusCode).toBe(200);
  }, 40_000);

  it('is limited per address and per IP', async () => {
    const { shop } = await shopWithMail({ AUTH_IP_LIMIT_PER_MINUTE: '8' });
    const email = uniqueEmail('limited');
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 6; attempt += 1) {
      statuses.push((await post(shop, '/api/account/password-reset', { email })).statusCode);
    }
    expect(statuses).toEqual([202, 202, 202, 202, 202, 429]);
    // Two more from this IP, for other addresses, reach the IP's limit of 8.
    expect(
      (await post(shop, '/api/account/password-reset', { email: uniqueEmail() })).statusCode,
    ).toBe(202);
    expect(
      (await post(shop, '/api/account/password-reset', { email: uniqueEmail() })).statusCode,
    ).toBe(202);
    const refused = await post(shop, '/api/account/password-reset', { email: uniqueEmail() });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'TOO_MANY_ATTEMPTS' });
    expect(refused.headers['retry-after']).toBeDefined();
  }, 40_000);

  it('says what is wrong with a malformed request', async () => {
    const { shop } = await shopWithMail();
    const bad = await post(shop, '/api/account/password-reset', { email: 'not an address' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({
      error: 'Bad Request',
      code: 'VALIDATION_ERROR',
      message: 'Enter a valid email address.',
    });
    const extra = await post(shop, '/api/account/password-reset', {
      email: uniqueEmail(),
      admin: true,
    });
    expect(extra.statusCode).toBe(400);
  }, 40_000);
});

describe('email verification', () => {
  it('sends a link at sign-up; the account page shows the address unverified until it is used', async () => {
    const { shop, mailbox } = await shopWithMail();
    const shopper = await signUp(shop, 'Ada');
    expect((await account(shop, shopper.cookie)).json()).toEqual({
      email: shopper.email,
      emailVerified: false,
      hasPassword: true,
      pendingEmail: null,
    });
    const first = tokenOf(
      await mailTo(mailbox, shopper.email, 'Confirm your email'),
      '/verify-email',
    );

    // Sending it again voids the first link.
    const resend = await post(shop, '/api/account/verification', {}, shopper.cookie);
    expect(resend.statusCode).toBe(202);
    const second = tokenOf(
      await mailTo(mailbox, shopper.email, 'Confirm your email', 2),
      '/verify-email',
    );
    expect((await post(shop, '/api/account/verify-email', { token: first })).statusCode).toBe(400);

    // The link works without a session (opened on another device).
    const verified = await post(shop, '/api/account/verify-email', { token: second });
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toEqual({ email: shopper.email, changed: false });
    expect((await account(shop, shopper.cookie)).json()).toMatchObject({ emailVerified: true });
    expect((await post(shop, '/api/account/verify-email', { token: second })).statusCode).toBe(400);
    const already = await post(shop, '/api/account/verification', {}, shopper.cookie);
    expect(already.json()).toEqual({ message: 'Your address is already verified.' });
  }, 40_000);

  it('signs a shopper up at once while the mail server hangs; the link leaves when it answers', async () => {
    const { shop, mailbox } = await shopWithMail();
    mailbox.behave('hang');
    const shopper = await signUp(shop, 'Patient');
    expect((await account(shop, shopper.cookie)).statusCode).toBe(200);
    mailbox.behave('accept');
    await mailTo(mailbox, shopper.email, 'Confirm your email');
  }, 40_000);

  it('lets an unverified shopper pay', async () => {
    const { shop } = await shopWithMail();
    const shopper = await signUp(shop, 'Unverified');
    const order = await placeOrder(shop, shopper);
    expect(order.email).toBe(shopper.email);
    expect((await account(shop, shopper.cookie)).json()).toMatchObject({ emailVerified: false });
  }, 40_000);
});

describe('the signed-in account', () => {
  it('answers 401 to the anonymous, and refuses cross-site requests', async () => {
    const { shop } = await shopWithMail();
    for (const [method, url] of [
      ['GET', '/api/account'],
      ['GET', '/api/account/data'],
      ['POST', '/api/account/verification'],
      ['POST', '/api/account/email'],
      ['POST', '/api/account/password'],
      ['POST', '/api/account/delete'],
    ] as const) {
      const answer = await shop.inject({
        method,
        url,
        headers: SAME_ORIGIN,
        payload: method === 'POST' ? {} : undefined,
      });
      expect(answer.statusCode, `${method} ${url}`).toBe(401);
    }
    const shopper = await signUp(shop, 'Ada');
    const crossSite = await shop.inject({
      method: 'POST',
      url: '/api/account/delete',
      headers: {
        cookie: shopper.cookie,
        'sec-fetch-site': 'cross-site',
        origin: 'https://evil.example',
      },
      payload: { confirm: 'DELETE', password: GOOD_PASSWORD },
    });
    expect(crossSite.statusCode).toBe(403);
    expect((await account(shop, shopper.cookie)).statusCode).toBe(200);
  }, 40_000);

  it('changes the address once the link sent to the new one is opened, telling the old one', async () => {
    const { shop, mailbox } = await shopWithMail();
    const shopper = await signUpWithProfile(shop, 'Ada');
    const newEmail = uniqueEmail('new');

    const wrong = await post(
      shop,
      '/api/account/email',
      { newEmail, password: 'not my password' },
      shopper.cookie,
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: 'INVALID_PASSWORD' });

    const asked = await post(
      shop,
      '/api/account/email',
      { newEmail, password: GOOD_PASSWORD },
      shopper.cookie,
    );
    expect(asked.statusCode).toBe(202);
    expect((await account(shop, shopper.cookie)).json()).toMatchObject({
      email: shopper.email,
      pendingEmail: newEmail,
    });
    const notice = await mailTo(mailbox, shopper.email, 'about to change');
    expect(notice.text).toContain(newEmail);
    const token = tokenOf(
      await mailTo(mailbox, newEmail, 'Confirm your new email'),
      '/verify-email',
    );

    const used = await post(shop, '/api/account/verify-email', { token });
    expect(used.json()).toEqual({ email: newEmail, changed: true });
    expect((await account(shop, shopper.cookie)).json()).toMatchObject({
      email: newEmail,
      emailVerified: true,
      pendingEmail: null,
    });
    const profile = await shop.inject({
      url: `/api/users/${shopper.id}`,
      headers: { cookie: shopper.cookie },
    });
    expect(profile.json()).toMatchObject({ email: newEmail });
    expect((await signIn(shop, newEmail, GOOD_PASSWORD)).statusCode).toBe(200);
    expect((await signIn(shop, shopper.email, GOOD_PASSWORD)).statusCode).toBe(401);
  }, 40_000);

  it('keeps the address when another account took the new one meanwhile', async () => {
    const { shop, mailbox } = await shopWithMail();
    const shopper = await signUp(shop, 'Ada');
    const contested = uniqueEmail('contested');
    await post(
      shop,
      '/api/account/email',
      { newEmail: contested, password: GOOD_PASSWORD },
      shopper.cookie,
    );
    const token = tokenOf(
      await mailTo(mailbox, contested, 'Confirm your new email'),
      '/verify-email',
    );
    await signUp(shop, 'Quicker', contested);
    const used = await post(shop, '/api/account/verify-email', { token });
    expect(used.statusCode).toBe(409);
    expect(used.json()).toMatchObject({ code: 'EMAIL_IN_USE' });
    expect((await account(shop, shopper.cookie)).json()).toMatchObject({ email: shopper.email });
  }, 40_000);

  it('changes the password given the current one, ending the other sessions only', async () => {
    const { shop, mailbox } = await shopWithMail();
    const shopper = await signUp(shop, 'Ada');
    const elsewhere = cookieHeader(
      (await signIn(shop, shopper.email, GOOD_PASSWORD)).headers['set-cookie'],
    );

    const wrong = await post(
      shop,
      '/api/account/password',
      { currentPassword: 'not it', newPassword: NEW_PASSWORD },
      shopper.cookie,
    );
    expect(wrong.json()).toEqual({
      error: 'Bad Request',
      code: 'INVALID_PASSWORD',
      message: 'That is not your current password.',
    });
    const changed = await post(
      shop,
      '/api/account/password',
      { currentPassword: GOOD_PASSWORD, newPassword: NEW_PASSWORD },
      shopper.cookie,
    );
    expect(changed.statusCode).toBe(200);
    expect((await account(shop, shopper.cookie)).statusCode).toBe(200);
    expect((await account(shop, elsewhere)).statusCode).toBe(401);
    expect((await signIn(shop, shopper.email, NEW_PASSWORD)).statusCode).toBe(200);
    await mailTo(mailbox, shopper.email, 'password was changed');
  }, 40_000);

  it('limits password checks per account', async () => {
    const { shop } = await shopWithMail({ AUTH_ACCOUNT_LIMIT_PER_15_MINUTES: '3' });
    const shopper = await signUp(shop, 'Ada');
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 4; attempt += 1) {
      const answer = await post(
        shop,
        '/api/account/password',
        { currentPassword: `guess ${attempt}`, newPassword: NEW_PASSWORD },
        shopper.cookie,
      );
      statuses.push(answer.statusCode);
    }
    expect(statuses).toEqual([400, 400, 400, 429]);
  }, 40_000);

  it('gives the shopper their data, and deletes the account keeping its orders without name or email', async () => {
    const { shop } = await shopWithMail();
    const shopper = await signUpWithProfile(shop, 'Ada Lovelace');
    const order = await placeOrder(shop, shopper);

    const data = await shop.inject({
      url: '/api/account/data',
      headers: { cookie: shopper.cookie },
    });
    expect(data.statusCode).toBe(200);
    expect(data.headers['content-disposition']).toBe(
      'attachment; filename="crwn-account-data.json"',
    );
    expect(data.json()).toMatchObject({
      account: { email: shopper.email, name: 'Ada Lovelace' },
      profile: { id: shopper.id, displayName: 'Ada Lovelace' },
      orders: [{ id: order.id }],
    });

    const unconfirmed = await post(
      shop,
      '/api/account/delete',
      { password: GOOD_PASSWORD },
      shopper.cookie,
    );
    expect(unconfirmed.json()).toEqual({
      error: 'Bad Request',
      code: 'VALIDATION_ERROR',
      message: 'Type DELETE to confirm.',
    });
    const wrong = await post(
      shop,
      '/api/account/delete',
      { confirm: 'DELETE', password: 'not it' },
      shopper.cookie,
    );
    expect(wrong.json()).toMatchObject({ code: 'INVALID_PASSWORD' });
    expect((await account(shop, shopper.cookie)).statusCode).toBe(200);

    const deleted = await post(
      shop,
      '/api/account/delete',
      { confirm: 'DELETE', password: GOOD_PASSWORD },
      shopper.cookie,
    );
    expect(deleted.statusCode).toBe(200);
    const cleared = [deleted.headers['set-cookie']].flat().join('\n');
    expect(cleared).toMatch(/crwn\.session_token=; Path=\/; Max-Age=0/);
    expect((await account(shop, shopper.cookie)).statusCode).toBe(401);
    expect((await signIn(shop, shopper.email, GOOD_PASSWORD)).statusCode).toBe(401);
    expect(
      await shop.db.selectFrom('profiles').select('uid').where('uid', '=', shopper.id).execute(),
    ).toEqual([]);

    const kept = await shop.db
      .selectFrom('orders')
      .selectAll()
      .where('id', '=', order.id)
      .executeTakeFirstOrThrow();
    expect(kept).toMatchObject({ user_id: null, email: '', total: order.total });
    expect(kept.shipping_address).not.toContain('Ada');
    expect(kept.shipping_address).toContain('1 Analytical Way');
    // The address can sign up again, as a new account.
    expect((await signUp(shop, 'Ada again', shopper.email)).id).not.toBe(shopper.id);
  }, 40_000);
});
