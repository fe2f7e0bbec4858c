import type { Order } from '#shared/orders.ts';
import { formatMoney } from '#shared/money.ts';
import type { MailContent } from './mail-message.ts';

/** The confirmation page of `order`: with its receipt for a guest, whose only way back it is. */
export function confirmationUrl(publicUrl: string, orderId: string, receipt: string | null) {
  const url = new URL('/checkout/confirmation', publicUrl);
  url.searchParams.set('order', orderId);
  if (receipt !== null) url.searchParams.set('receipt', receipt);
  return url.toString();
}

/** The order confirmation: its lines (with their size when the line has one), total, address and link. */
export function orderConfirmationMail(order: Order, link: string): MailContent {
  const address = order.shippingAddress ?? order.billingAddress;
  const lines = order.lines.map((line) => {
    const size = (line as { size?: unknown }).size;
    const sized =
      typeof size === 'string' && size !== '' ? `${line.name} (size ${size})` : line.name;
    return { label: `${sized} x ${line.quantity}`, value: formatMoney(line.lineTotal) };
  });
  return {
    subject: `Your CRWN Clothing order ${order.id}`,
    paragraphs: [
      'Thank you for your order. We have received your payment and will send your order soon.',
      ...(address
        ? [
            `It goes to: ${[address.name, address.line1, `${address.zip} ${address.city}`, address.country].join(', ')}.`,
          ]
        : []),
    ],
    rows: [...lines, { label: 'Total', value: formatMoney(order.total) }],
    action: { label: 'See your order', url: link },
  };
}
