import type { FastifyInstance, FastifyRequest } from 'fastify';
import { html, htmlPage } from '#server/platform/http/html.ts';
import type { MailService } from './mail-service.ts';

export interface MailRoutesOptions {
  mail: MailService;
  /** Who the request's session is (ADR 042): only an owner may read the outbox. */
  viewer: (request: FastifyRequest) => Promise<'owner' | 'signed-in' | 'anonymous'>;
  /**
   * Also show it to a browser on this machine with no session: only for `npm run dev`
   * (NODE_ENV=development), never for a shop that real shoppers reach (issue 33, ADR 052).
   */
  openOnThisMachine: boolean;
}

export const OUTBOX_PATH = '/outbox';

const SIGN_IN_AS_OWNER = 'Sign in as the shop’s owner to read its outbox.';
const ONLY_THE_OWNER = 'Only the shop’s owner may read its outbox.';

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);
const FORWARDING_HEADERS = ['forwarded', 'x-forwarded-for', 'x-real-ip'];

/**
 * Whether the request comes from this machine itself, and not through a proxy that says so: the
 * socket's own peer (never `request.ip`, which TRUST_PROXY may take from a header) is the loopback
 * address and no forwarding header is present. A proxy on the same machine that sends no such
 * header looks exactly the same, so this alone never opens anything outside development.
 */
export function fromThisMachine(request: FastifyRequest): boolean {
  return (
    LOOPBACK.has(request.socket.remoteAddress ?? '') &&
    FORWARDING_HEADERS.every((name) => request.headers[name] === undefined)
  );
}

/**
 * The shop's own outbox (only when it has no SMTP server): the newest emails, password-reset
 * links among them, as the shopper would get them. For a signed-in owner; 401 without a session
 * and 403 for any other account, whatever address the request comes from (issue 33).
 */
export function mailRoutes(
  app: FastifyInstance,
  { mail, viewer, openOnThisMachine }: MailRoutesOptions,
): Promise<void> {
  app.get(OUTBOX_PATH, async (request, reply) => {
    if (!(openOnThisMachine && fromThisMachine(request))) {
      const who = await viewer(request);
      if (who !== 'owner') {
        reply.header('cache-control', 'no-store');
        return who === 'anonymous'
          ? reply.status(401).send({ error: 'Unauthorized', message: SIGN_IN_AS_OWNER })
          : reply.status(403).send({ error: 'Forbidden', message: ONLY_THE_OWNER });
      }
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
