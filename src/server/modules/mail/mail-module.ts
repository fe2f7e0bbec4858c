import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { OrderServiceOptions } from '#server/modules/orders/orders-service.ts';
import { mailRoutes } from './mail-routes.ts';
import { createMailService, type MailService } from './mail-service.ts';
import {
  confirmationUrl,
  orderConfirmationMail,
  queueRefundMails,
  queueShippedMail,
} from './order-mails.ts';

/** The emails an order sends, as the orders module is told of its events (ADR 038, 040, 047). */
export type OrderMails = Pick<
  OrderServiceOptions,
  'onPaid' | 'confirmationQueued' | 'onShipped' | 'onRefunded' | 'onCancelled'
>;

declare module 'fastify' {
  interface FastifyInstance {
    /** The mail queue (ADR 038): an email queued once per event key, sent by a worker. */
    mail: MailService;
    /** What the orders module calls on an order's events to queue its emails. */
    orderMails: OrderMails;
  }
}

export interface MailModuleOptions {
  /** Epoch milliseconds for the mail queue (a test moves time on to reach a retry). */
  now?: () => number;
}

/**
 * The mail queue and this server's worker (ADR 038): over SMTP when SMTP_URL is set, else into
 * the shop's own outbox, printed with its links for a person at a terminal in development.
 */
export const mailModule = fp(
  async (app: FastifyInstance, { now }: MailModuleOptions) => {
    const { config } = app;
    const transport = config.SMTP_URL
      ? (await import('nodemailer')).createTransport({
          url: config.SMTP_URL,
          // Shorter than the worker's lease, so no other worker takes a row still being sent.
          connectionTimeout: 20_000,
          greetingTimeout: 20_000,
          socketTimeout: 60_000,
        })
      : null;
    const development = config.NODE_ENV === undefined || config.NODE_ENV === 'development';
    const mail = createMailService({
      db: app.database.db,
      transport,
      from: config.MAIL_FROM ?? 'CRWN Clothing <hello@crwn-clothing.example>',
      log: app.log,
      print: development && process.stdout.isTTY ? (text) => process.stdout.write(text) : undefined,
      now,
      shop: app.settings.settings,
    });
    app.addHook('onReady', (done) => {
      mail.start();
      done();
    });
    app.addHook('onClose', async () => {
      await mail.stop();
      transport?.close();
    });
    app.decorate('mail', mail);
    app.decorate('orderMails', orderMails(app, mail));

    if (!config.SMTP_URL) {
      await app.register(mailRoutes, {
        mail,
        viewer: async (request) => {
          const session = await app.accounts.currentSession(request.headers);
          if (!session) return 'anonymous';
          return (await app.accountRoles.roleOf(session.user.id)) === 'owner'
            ? 'owner'
            : 'signed-in';
        },
        openOnThisMachine: config.NODE_ENV === 'development',
      });
    }
  },
  { name: 'mail', dependencies: ['platform', 'settings', 'accounts'] },
);

function orderMails(app: FastifyInstance, mail: MailService): OrderMails {
  const { PUBLIC_URL } = app.config;
  return {
    // Queued, never sent in the request: a slow mail server does not hold up the checkout.
    onPaid: async (order, receipt) => {
      try {
        await mail.queue(
          `order-confirmation:${order.id}`,
          order.email,
          orderConfirmationMail(order, confirmationUrl(PUBLIC_URL, order.id, receipt)),
        );
      } catch (error) {
        app.log.error({ err: error, orderId: order.id }, 'order confirmation not queued');
      }
    },
    confirmationQueued: (orderId) => mail.isQueued(`order-confirmation:${orderId}`),
    // Queued once per order (ADR 040). Unlike a payment, nothing waits on it but the owner who
    // marked the order shipped, who is told if it fails and may give the shipment again.
    onShipped: queueShippedMail(mail, PUBLIC_URL),
    // Refunds and cancellations (ADR 047): one email per refund, one per cancelled order.
    ...queueRefundMails(mail, PUBLIC_URL),
  };
}
