import { describe, expect, it } from 'vitest';
import type { Order } from '#shared/orders.ts';
import { DEFAULT_SHOP_SETTINGS } from '#shared/shop-settings.ts';
import type { MailTemplate } from './mail-message.ts';
import { orderCancelledMail, queueRefundMails, queueShippedMail } from './order-mails.ts';

const order: Order = {
  id: 'ord_000000000000000000000001',
  status: 'paid',
  currency: 'usd',
  total: 2500,
  email: 'ada@example.com',
  lines: [{ id: 1, name: 'Brown Brim', unitPrice: 2500, quantity: 1, lineTotal: 2500 }],
  billingAddress: null,
  shippingAddress: null,
  card: null,
  createdAt: '2026-11-28T06:00:00.000Z',
  shipment: { shippedAt: '2026-11-28T07:00:00.000Z', carrier: 'Royal Mail', trackingNumber: 'AB1' },
  cancelledAt: null,
  refundedTotal: 0,
};

describe('the shipped email', () => {
  it('is queued once per order, to its address', async () => {
    const queued: [string, string][] = [];
    const queue = (key: string, to: string) => {
      queued.push([key, to]);
      return Promise.resolve(true);
    };
    await queueShippedMail({ queue }, 'http://localhost:3000')(order, null);
    expect(queued).toEqual([[`order-shipped:${order.id}`, 'ada@example.com']]);
  });

  it('is not queued for the order of a deleted account, which keeps no address', async () => {
    const queued: string[] = [];
    const queue = (key: string) => {
      queued.push(key);
      return Promise.resolve(true);
    };
    await queueShippedMail({ queue }, 'http://localhost:3000')({ ...order, email: '' }, null);
    expect(queued).toEqual([]);
  });
});

describe('the refund and cancellation emails', () => {
  const refund = {
    id: 'ref_000000000000000000000001',
    kind: 'refund' as const,
    status: 'succeeded' as const,
    amount: 2500,
    lines: [{ lineIndex: 0, quantity: 1 }],
    restock: true,
    reason: null,
    by: 'owner@example.com',
    createdAt: '2026-11-28T08:00:00.000Z',
    settledAt: '2026-11-28T08:00:00.000Z',
    failure: null,
  };

  it('are queued once per refund and once per cancelled order, saying the amount and lines', async () => {
    const queued: { key: string; to: string; subject: string; rows: string[] }[] = [];
    const queue = (key: string, to: string, template: MailTemplate) => {
      const content = template(DEFAULT_SHOP_SETTINGS);
      queued.push({
        key,
        to,
        subject: content.subject,
        rows: (content.rows ?? []).map((row) => `${row.label}: ${row.value}`),
      });
      return Promise.resolve(true);
    };
    const mails = queueRefundMails({ queue }, 'http://localhost:3000');
    await mails.onRefunded(order, refund, null);
    await mails.onCancelled({ ...order, cancelledAt: refund.createdAt, refundedTotal: 2500 }, null);
    await mails.onRefunded({ ...order, email: '' }, refund, null);
    expect(queued).toEqual([
      {
        key: `order-refunded:${refund.id}`,
        to: 'ada@example.com',
        subject: `A refund of $25 for your CRWN Clothing order ${order.id}`,
        rows: ['Brown Brim x 1: $25', 'Refunded: $25'],
      },
      {
        key: `order-cancelled:${order.id}`,
        to: 'ada@example.com',
        subject: `Your CRWN Clothing order ${order.id} is cancelled`,
        rows: ['Brown Brim x 1: $25', 'Refunded: $25'],
      },
    ]);
    expect(
      orderCancelledMail({ ...order, refundedTotal: 2500 }, 'http://x')(DEFAULT_SHOP_SETTINGS)
        .paragraphs[1],
    ).toBe(
      'We have refunded $25 to the card you paid with. Your bank may take a few days to show it.',
    );
  });
});
