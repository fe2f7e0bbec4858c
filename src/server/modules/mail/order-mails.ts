import type { OrderRefund } from '#shared/order-refunds.ts';
import type { Order } from '#shared/orders.ts';
import { formatMoney } from '#shared/money.ts';
import { lazy } from '#shared/lazy.ts';
import type { MailTemplate } from './mail-message.ts';
import type { MailService } from './mail-service.ts';

/** The confirmation page of `order`: with its receipt for a guest, whose only way back it is. */
export function confirmationUrl(publicUrl: string, orderId: string, receipt: string | null) {
  const url = new URL('/checkout/confirmation', publicUrl);
  url.searchParams.set('order', orderId);
  if (receipt !== null) url.searchParams.set('receipt', receipt);
  return url.toString();
}

/** An order's lines as rows, each with its size when it has one. */
const lineRows = (order: Order) =>
  order.lines.map((line) => {
    const size = (line as { size?: unknown }).size;
    const sized =
      typeof size === 'string' && size !== '' ? `${line.name} (size ${size})` : line.name;
    return { label: `${sized} x ${line.quantity}`, value: formatMoney(line.lineTotal) };
  });

/** Where the order goes, as a paragraph (none when the order has no address). */
const addressParagraphs = (order: Order) => {
  const address = order.shippingAddress ?? order.billingAddress;
  return address
    ? [
        `It goes to: ${[address.name, address.line1, `${address.zip} ${address.city}`, address.country].join(', ')}.`,
      ]
    : [];
};

/** The order confirmation: its lines (with their size when the line has one), total, address and link. */
export function orderConfirmationMail(order: Order, link: string): MailTemplate {
  return (shop) => ({
    subject: `Your ${shop.name} order ${order.id}`,
    paragraphs: [
      'Thank you for your order. We have received your payment and will send your order soon.',
      ...addressParagraphs(order),
    ],
    rows: [...lineRows(order), { label: 'Total', value: formatMoney(order.total) }],
    action: { label: 'See your order', url: link },
  });
}

/** The day a shipment left, in UTC: an email cannot know its reader's time zone. */
const shippedOn = lazy(
  () => new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }),
);

/**
 * "Your order has shipped": the order number, carrier and tracking number, its lines (with
 * sizes), where it goes, and the link to the order (the confirmation's). Throws for an order
 * that is not shipped.
 */
export function orderShippedMail(order: Order, link: string): MailTemplate {
  const { shipment } = order;
  if (!shipment) throw new Error(`order ${order.id} is not shipped`);
  return (shop) => ({
    subject: `Your ${shop.name} order ${order.id} has shipped`,
    paragraphs: [
      `Your order ${order.id} is on its way: it was shipped on ${shippedOn().format(new Date(shipment.shippedAt))} with ${shipment.carrier}, tracking number ${shipment.trackingNumber}.`,
      ...addressParagraphs(order),
    ],
    rows: lineRows(order),
    action: { label: 'See your order', url: link },
  });
}

/**
 * The orders service's `onShipped`: queues the "order shipped" email once per order (event key
 * `order-shipped:<order id>`, ADR 040), linking to the order as the confirmation does. It
 * throws when the email cannot be queued: the caller says so, and giving the shipment again
 * queues it.
 */
export function queueShippedMail(mail: Pick<MailService, 'queue'>, publicUrl: string) {
  return async (order: Order, receipt: string | null): Promise<void> => {
    // The order of a deleted account keeps no address to write to (ADR 041).
    if (order.email === '') return;
    await mail.queue(
      `order-shipped:${order.id}`,
      order.email,
      orderShippedMail(order, confirmationUrl(publicUrl, order.id, receipt)),
    );
  };
}

/** The lines of a refund as rows: what was refunded of each, and for how much. */
const refundRows = (order: Order, refund: Pick<OrderRefund, 'lines'>) =>
  refund.lines.flatMap(({ lineIndex, quantity }) => {
    const line = order.lines[lineIndex];
    if (!line) return [];
    const sized = line.size ? `${line.name} (size ${line.size})` : line.name;
    return [{ label: `${sized} x ${quantity}`, value: formatMoney(line.unitPrice * quantity) }];
  });

/** "We have refunded …": the amount, the lines it was for, and the link to the order (ADR 047). */
export function orderRefundedMail(order: Order, refund: OrderRefund, link: string): MailTemplate {
  return (shop) => ({
    subject: `A refund of ${formatMoney(refund.amount)} for your ${shop.name} order ${order.id}`,
    paragraphs: [
      `We have refunded ${formatMoney(refund.amount)} of your order ${order.id} to the card you paid with${order.card ? ` (${order.card.brand} ending ${order.card.last4})` : ''}. Your bank may take a few days to show it.`,
    ],
    rows: [...refundRows(order, refund), { label: 'Refunded', value: formatMoney(refund.amount) }],
    action: { label: 'See your order', url: link },
  });
}

/** "Your order is cancelled": what was refunded in all, and the link to the order (ADR 047). */
export function orderCancelledMail(order: Order, link: string): MailTemplate {
  return (shop) => ({
    subject: `Your ${shop.name} order ${order.id} is cancelled`,
    paragraphs: [
      `Your order ${order.id} is cancelled and will not be sent.`,
      order.refundedTotal > 0
        ? `We have refunded ${formatMoney(order.refundedTotal)} to the card you paid with. Your bank may take a few days to show it.`
        : 'Nothing was charged that is not refunded.',
    ],
    rows: [...lineRows(order), { label: 'Refunded', value: formatMoney(order.refundedTotal) }],
    action: { label: 'See your order', url: link },
  });
}

/**
 * The orders service's `onRefunded` and `onCancelled`: queue the refund email once per refund
 * (`order-refunded:<refund id>`) and the cancellation once per order (`order-cancelled:<order
 * id>`), linking to the order as the confirmation does. They throw when the email cannot be
 * queued; asking again queues it, once.
 */
export function queueRefundMails(mail: Pick<MailService, 'queue'>, publicUrl: string) {
  return {
    onRefunded: async (order: Order, refund: OrderRefund, receipt: string | null) => {
      // The order of a deleted account keeps no address to write to (ADR 041).
      if (order.email === '') return;
      await mail.queue(
        `order-refunded:${refund.id}`,
        order.email,
        orderRefundedMail(order, refund, confirmationUrl(publicUrl, order.id, receipt)),
      );
    },
    onCancelled: async (order: Order, receipt: string | null) => {
      if (order.email === '') return;
      await mail.queue(
        `order-cancelled:${order.id}`,
        order.email,
        orderCancelledMail(order, confirmationUrl(publicUrl, order.id, receipt)),
      );
    },
  };
}
