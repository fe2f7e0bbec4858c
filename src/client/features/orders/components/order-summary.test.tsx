import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Order } from '#shared/orders.ts';
import { renderWithProviders } from '#client/test/render-with-providers.tsx';
import { OrderSummary } from './order-summary.tsx';

const order: Order = {
  id: 'ord_abcdefghijklmnopqrstuvwx',
  status: 'paid',
  currency: 'usd',
  total: 5000,
  email: 'ada@example.com',
  lines: [{ id: 1, name: 'Brown Brim', size: 'L', quantity: 2, unitPrice: 2500, lineTotal: 5000 }],
  billingAddress: null,
  shippingAddress: null,
  card: null,
  createdAt: '2026-11-24T00:00:00.000Z',
  shipment: null,
  cancelledAt: null,
  refundedTotal: 0,
};

describe('OrderSummary', () => {
  it("links each line's name to its product's page (issue 13)", () => {
    renderWithProviders(<OrderSummary order={order} />);
    expect(screen.getByRole('link', { name: 'Brown Brim' })).toHaveAttribute(
      'href',
      '/shop/product/1',
    );
  });

  it('says when, with which carrier and under which tracking number a shipped order left (issue 15)', () => {
    renderWithProviders(
      <OrderSummary
        order={{
          ...order,
          // Midday UTC: the same day in every time zone the test may run in.
          shipment: {
            shippedAt: '2026-11-25T12:00:00.000Z',
            carrier: 'Royal Mail',
            trackingNumber: 'AB123456789GB',
          },
        }}
      />,
    );
    expect(
      screen.getByText('Shipped on Nov 25, 2026 with Royal Mail, tracking number AB123456789GB'),
    ).toBeInTheDocument();
  });

  it('says nothing of shipping before the order is shipped', () => {
    renderWithProviders(<OrderSummary order={order} />);
    expect(screen.queryByText(/shipped/i)).not.toBeInTheDocument();
    expect(screen.queryByText(/tracking number/i)).not.toBeInTheDocument();
  });

  it('says when an order was cancelled, how much was refunded, and of which lines (issue 14)', () => {
    renderWithProviders(
      <OrderSummary
        order={{
          ...order,
          cancelledAt: '2026-11-26T12:00:00.000Z',
          refundedTotal: 2500,
          lines: [{ ...order.lines[0]!, refundedQuantity: 1 }],
        }}
      />,
    );
    expect(screen.getByText('Cancelled on Nov 26, 2026')).toBeInTheDocument();
    expect(screen.getByText('Refunded $25')).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: '2 (1 refunded)' })).toBeInTheDocument();
  });

  it('says nothing of refunds or cancelling for an order without them', () => {
    renderWithProviders(<OrderSummary order={order} />);
    expect(screen.queryByText(/refunded|cancelled/i)).not.toBeInTheDocument();
  });
});
