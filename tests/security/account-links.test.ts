import { afterEach, describe, expect, it } from 'vitest';
import { UNLIMITED } from '#server/test/payments.ts';
import { GOOD_PASSWORD, signUp, uniqueEmail } from '#server/test/shoppers.ts';
import { buildTestApp, type TestApp } from '#server/test/test-app.ts';
import { report } from './random.ts';

/**
 * A change of address voids every link the account had pending (issue 33): whoever keeps the old
 * mailbox (often the reason for the change) keeps no way in. Before the fix a reset link sent to
 * the old address still set a new password and signed in to the moved account.
 */
let app: TestApp | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

const post = (shop: TestApp, url: string, payload: object, cookie?: string) =>
  shop.inject({
    method: 'POST',
    url,
    headers: { 'sec-fetch-site': 'same-origin', ...(cookie ? { cookie } : {}) },
    payload,
  });

/** The token of the newest email's link to `path` sent to `address`, once it is in the outbox. */
async function linkTo(shop: TestApp, address: string, path: string): Promise<string> {
  let token = '';
  await expect
    .poll(
      async () => {
        const rows = await shop.db
          .selectFrom('mail_outbox')
          .select(['text'])
          .where('recipient', '=', address)
          .orderBy('created_at', 'desc')
          .execute();
        const pattern = new RegExp(`${path}#token=([A-Za-z0-9_.-]+)`);
        token = rows.map((row) => pattern.exec(row.text)?.[1]).find(Boolean) ?? '';
        return token;
      },
      { timeout: 20_000, message: `a ${path} link to ${address}` },
    )
    .not.toBe('');
  return token;
}

describe('links sent to an address the account has left', () => {
  it('open nothing once the address changes: the reset link and the verification link', async () => {
    app = await buildTestApp({ ...UNLIMITED });
    const oldEmail = uniqueEmail('old');
    const shopper = await signUp(app, 'Ada', oldEmail);
    // The sign-up's verification link, then a reset link, both to the old address.
    const verifyOld = await linkTo(app, oldEmail, '/verify-email');
    expect((await post(app, '/api/account/password-reset', { email: oldEmail })).statusCode).toBe(
      202,
    );
    const reset = await linkTo(app, oldEmail, '/reset-password');

    // The shopper moves to a new address and confirms it.
    const newEmail = uniqueEmail('new');
    const asked = await post(
      app,
      '/api/account/email',
      { newEmail, password: GOOD_PASSWORD },
      shopper.cookie,
    );
    expect(asked.statusCode).toBe(202);
    const change = await linkTo(app, newEmail, '/verify-email');
    const changed = await post(app, '/api/account/verify-email', { token: change });
    expect(changed.json()).toEqual({ email: newEmail, changed: true });

    // Whoever holds the old mailbox tries its links.
    const usedReset = await post(app, '/api/account/password-reset/confirm', {
      token: reset,
      newPassword: 'the old mailbox wins',
    });
    expect(usedReset.statusCode).toBe(400);
    expect(usedReset.json()).toMatchObject({ code: 'INVALID_TOKEN' });
    const usedVerify = await post(app, '/api/account/verify-email', { token: verifyOld });
    expect(usedVerify.statusCode).toBe(400);

    const signIn = (email: string, password: string) =>
      post(app!, '/api/auth/sign-in/email', { email, password });
    expect((await signIn(newEmail, 'the old mailbox wins')).statusCode).toBe(401);
    expect((await signIn(newEmail, GOOD_PASSWORD)).statusCode).toBe(200);
    report('links after a change of address', {
      reset: usedReset.statusCode,
      verification: usedVerify.statusCode,
    });
  }, 30_000);
});
