import { parseArgs } from 'node:util';
import { pino } from 'pino';
import type { Shipment } from '#shared/orders.ts';
import { createMailService } from '#server/modules/mail/mail-service.ts';
import { createSettingsService } from '#server/modules/settings/settings-service.ts';
import { queueShippedMail } from '#server/modules/mail/order-mails.ts';
import {
  checkShipmentInput,
  createShipmentService,
} from '#server/modules/orders/orders-service.ts';
import { deriveSecret, loadAuthSecret } from '#server/platform/secrets.ts';
import { openShopDatabase } from '../db/open-shop-database.ts';

/**
 * `npm run orders:ship -- ORDER_ID --carrier "Royal Mail" --tracking AB123456789GB`: records that a
 * paid order left the shop, and queues the "order shipped" email to the shopper (docs/orders.md,
 * ADR 040), in the database the shop uses, read with the shop's settings (the environment, then
 * `.env` here) as the server reads them. The shop's running servers send the email. Giving the
 * same shipment again changes nothing. Exit codes: 0 shipped (or already, the same), 1 refused
 * or failed, 2 usage or bad input.
 */
const USAGE =
  'usage: npm run orders:ship -- ORDER_ID --carrier "Royal Mail" --tracking "AB123456789GB"';

function usage(problem: string): never {
  process.stderr.write(`${problem}\n${USAGE}\n`);
  process.exit(2);
}

let parsed;
try {
  parsed = parseArgs({
    options: { carrier: { type: 'string' }, tracking: { type: 'string' } },
    allowPositionals: true,
  });
} catch (error) {
  usage((error as Error).message);
}
const { positionals, values } = parsed;
if (positionals.length !== 1)
  usage("Give one order number: ord_ and 24 letters or digits, as in the order's emails.");
if (values.carrier === undefined) usage('--carrier is missing: the carrier, such as "Royal Mail".');
if (values.tracking === undefined) usage('--tracking is missing: the tracking number.');
const checked = checkShipmentInput(positionals[0] ?? '', {
  carrier: values.carrier,
  trackingNumber: values.tracking,
});
if (!checked.ok) usage(checked.message);
const { orderId } = checked;

const day = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });
const said = ({ shippedAt, carrier, trackingNumber }: Shipment) =>
  `on ${day.format(new Date(shippedAt))} with ${carrier}, tracking number ${trackingNumber}`;

try {
  // The shop's own settings, so the email links to its address and opens guests' orders.
  const { config, database } = await openShopDatabase();
  // Only queues: the servers send it over their own SMTP settings (or keep it in their outbox).
  const mail = createMailService({
    db: database.db,
    transport: null,
    from: config.MAIL_FROM ?? '',
    log: pino({ level: 'silent' }),
    sends: false,
    // The email carries the shop's name and address as the owner set them (ADR 048).
    shop: createSettingsService({ db: database.db }).settings,
  });
  try {
    const shipments = createShipmentService({
      db: database.db,
      receiptSecret: deriveSecret(loadAuthSecret(config), 'order-receipts'),
      onShipped: queueShippedMail(mail, config.PUBLIC_URL),
    });
    const result = await shipments.markShipped(orderId, checked.shipment);
    switch (result.kind) {
      case 'shipped':
        process.stdout.write(
          `Order ${orderId} is shipped ${said(result.shipment)}. The email to ${result.order.email} is queued; the shop's servers send it within seconds.\n`,
        );
        break;
      case 'already_shipped':
        process.stdout.write(
          `Order ${orderId} was already shipped ${said(result.shipment)}: nothing changed.\n`,
        );
        break;
      case 'shipped_otherwise':
        process.stderr.write(
          `Order ${orderId} was already shipped ${said(result.shipment)}. A shipment is recorded once: nothing changed.\n`,
        );
        process.exitCode = 1;
        break;
      case 'not_paid':
        process.stderr.write(
          `Order ${orderId} is not paid: its payment is still pending, and only a paid order can be shipped. Nothing changed.\n`,
        );
        process.exitCode = 1;
        break;
      case 'cancelled':
        process.stderr.write(
          `Order ${orderId} is cancelled: a cancelled order is not shipped. Nothing changed.\n`,
        );
        process.exitCode = 1;
        break;
      case 'not_found':
        process.stderr.write(
          `There is no order ${orderId} in this shop's database: check the number (it is in the order's emails and on its page) and the database settings. Nothing changed.\n`,
        );
        process.exitCode = 1;
        break;
      case 'invalid':
        process.stderr.write(`${result.message}\n`);
        process.exitCode = 2;
    }
  } finally {
    await mail.stop();
    await database.close();
  }
} catch (error) {
  process.stderr.write(
    `Shipping order ${orderId} failed: ${(error as Error).message}\nThe same command again is safe: it records the shipment once and queues its email once.\n`,
  );
  process.exitCode = 1;
}
