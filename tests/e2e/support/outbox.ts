import { request as playwrightRequest, type APIRequestContext } from '@playwright/test';
import { PASSWORD } from './accounts.ts';
import { createOwner } from './back-office.ts';
import { expect } from './test.ts';

let ownerSession: Promise<APIRequestContext> | undefined;

/**
 * A request context signed in as an owner of the specs' shop, made once per worker: the outbox
 * is shown only to an owner's session outside `npm run dev` (issue 33, ADR 052).
 */
function asOwner(): Promise<APIRequestContext> {
  ownerSession ??= (async () => {
    const email = await createOwner();
    const request = await playwrightRequest.newContext({ baseURL: process.env.SHOP_URL });
    const signedIn = await request.post('/api/auth/sign-in/email', {
      data: { email, password: PASSWORD },
      headers: { origin: process.env.SHOP_URL ?? '' },
    });
    expect(signedIn.status(), await signedIn.text()).toBe(200);
    return request;
  })();
  return ownerSession;
}

/**
 * The link of the newest email to `address` whose subject contains `subject`, read from the
 * shop's own outbox page, as the owner of a shop without SMTP reads it (ADR 038): the e2e shop
 * has no SMTP server.
 */
export async function linkFromOutbox(
  address: string,
  subject: string,
  path: string,
): Promise<string> {
  const request = await asOwner();
  let link = '';
  await expect
    .poll(
      async () => {
        const page = await (await request.get('/outbox')).text();
        const email = page
          .split('<article>')
          .find((article) => article.includes(`To ${address},`) && article.includes(subject));
        link =
          new RegExp(`https?://[^\\s<]+${path}#token=[A-Za-z0-9_.-]+`).exec(email ?? '')?.[0] ?? '';
        return link;
      },
      { timeout: 20_000, message: `an email "${subject}" to ${address} in the outbox` },
    )
    .not.toBe('');
  return link;
}
