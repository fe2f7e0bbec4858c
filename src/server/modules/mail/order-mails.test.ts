import { describe, expect, it } from 'vitest';
import type { Order } from '#shared/orders.ts';
import { queueShippedMail } from './order-mails.ts';

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
