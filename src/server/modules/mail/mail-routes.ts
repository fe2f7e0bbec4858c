import type { FastifyInstance, FastifyRequest } from 'fastify';
import { html, htmlPage } from '#server/platform/http/html.ts';
import type { MailService } from './mail-service.ts';

export interface MailRoutesOptions {
  mail: MailService;
  /** Whether the request's session is an owner's (ADR 042): they may read it from anywhere. */
  isOwner: (request: FastifyRequest) => Promise<boolean>;
}

export const OUTBOX_PATH = '/outbox';

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);
const FORWARDING_HEADERS = ['forwarded', 'x-forwarded-for', 'x-real-ip'];

/**
 * Whether the request comes from this machine itself, and not through a proxy: the socket's own
 * peer (never `request.ip`, which TRUST_PROXY may take from a header) is the loopback address and
 * no forwarding header is present, since a proxy on the same machine also connects from there
 * (ADR 038).
 */
export function fromThisMachine(request: FastifyRequest): boolean {
  return (
    LOOPBACK.has(request.socket.remoteAddress ?? '') &&
    FORWARDING_HEADERS.every((name) => request.headers[name] === undefined)
  );
}

/**
 * The shop's own outbox (only when it has no SMTP server): the newest emails, as the shopper
 * would get them, for a signed-in owner, or for the person at the shop's own machine (who runs
 * the shop). Anyone else gets 404, as if there were no such page.
 */
export function mailRoutes(
  app: FastifyInstance,
  { mail, isOwner }: MailRoutesOptions,
): Promise<void> {
  app.get(OUTBOX_PATH, async (request, reply) => {
    if (!fromThisMachine(request) && !(await isOwner(request))) {
      return reply.status(404).send({ error: 'Not Found', message: 'No such page.' });
    }
    const emails = await mail.latest();
    const body = html`<main>
<h1>Outbox</h1>
<p>Emails the shop would have sent. Set SMTP_URL and MAIL_FROM to send them.</p>
${emails.length === 0 ? html`<p>No email yet.</p>` : undefined}
${emails.map(
  (email) => html`<article>
<h2>${email.subject}</h2>
<p>To ${email.recipient}, ${email.created_at} (${email.status})</p>
<pre style="white-space: pre-wrap">${email.text}</pre>
</article>`,
)}
</main>`;
    return reply
      .header('cache-control', 'no-store')
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
      .header('referrer-policy', 'no-referrer')
      .type('text/html; charset=utf-8')
      .send(htmlPage({ title: 'Outbox', body }));
  });
  return Promise.resolve();
}
