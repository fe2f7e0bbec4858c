import type { APIRequestContext } from '@playwright/test';
import { expect } from './test.ts';

/**
 * The link of the newest email to `address` whose subject contains `subject`, read from the
 * shop's own outbox page, as the person running a shop without SMTP reads it (ADR 038): the e2e
 * shop has no SMTP server, and these requests come from the shop's own machine.
 */
export async function linkFromOutbox(
  request: APIRequestContext,
  address: string,
  subject: string,
  path: string,
): Promise<string> {
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
