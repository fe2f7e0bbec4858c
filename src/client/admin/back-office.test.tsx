import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiFailure, stubApi } from '#client/test/stub-api.ts';
import { renderBackOffice } from './test/render-back-office.tsx';
import type { AdminOrder, AuditEntry, Dashboard, OrderList } from './types.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

const OWNER = { id: 'u1', email: 'olive@example.com', role: 'owner', shopName: 'Hat Hut' };
const STAFF = { id: 'u2', email: 'sam@example.com', role: 'staff', shopName: 'Hat Hut' };
const me = (body: unknown) => ({ 'GET /api/admin/me': { body } });

const SUMMARY = {
  id: 'ord_1',
  createdAt: '2026-03-01T10:00:00.000Z',
  email: 'ada@example.com',
  total: 5000,
  items: 2,
  shipment: null,
  cancelledAt: null,
  refundedTotal: 0,
};
const emptyList: OrderList = { orders: [], total: 0, page: 1, pageSize: 50 };

describe('the shell', () => {
  it('without a session, sends to the sign-in page and shows no navigation', async () => {
    stubApi({ 'GET /api/admin/me': apiFailure(401, 'UNAUTHENTICATED', 'Sign in.') });
    renderBackOffice('/orders');
    expect(await screen.findByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/signin');
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
  });

  it('refuses a shopper, with a way back to the shop and nothing else asked of the API', async () => {
    const api = stubApi({ 'GET /api/admin/me': apiFailure(403, 'FORBIDDEN', 'No.') });
    renderBackOffice('/orders');
    expect(await screen.findByRole('alert')).toHaveTextContent('This is for the shop’s staff.');
    expect(screen.getByRole('link', { name: 'Back to the shop' })).toHaveAttribute('href', '/');
    expect(api.calls.map((call) => call.path)).toEqual(['/api/admin/me']);
  });

  it('shows who is signed in; staff get no owner links, and no owner page', async () => {
    stubApi(me(STAFF));
    renderBackOffice('/staff');
    const nav = await screen.findByRole('navigation', { name: 'Back office' });
    expect(screen.getByRole('banner')).toHaveTextContent('Signed in as sam@example.com staff');
    // The shop's own name (its settings), in the header and the tab's title.
    expect(screen.getByRole('banner')).toHaveTextContent('Hat Hut back office');
    // The title is set by an effect after the render: at load it came a moment later (CI).
    await vi.waitFor(() => expect(document.title).toBe('Back office · Hat Hut'));
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Dashboard', 'Orders', 'Products', 'Collections', 'Customers']);
    expect(screen.getByRole('alert')).toHaveTextContent('Only an owner');
  });

  it('gives owners the staff and audit links', async () => {
    stubApi({ ...me(OWNER), 'GET /api/admin/dashboard': apiFailure(500, 'X', 'Down.') });
    renderBackOffice('/');
    const nav = await screen.findByRole('navigation', { name: 'Back office' });
    expect(within(nav).getByRole('link', { name: 'Staff' })).toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'Audit trail' })).toBeInTheDocument();
    expect(await screen.findByRole('alert')).toHaveTextContent('Down.');
  });
});

describe('orders', () => {
  it('keeps the filters in the address, asks the API with them and exports the same', async () => {
    const user = userEvent.setup();
    const api = stubApi({
      ...me(STAFF),
      'GET /api/admin/orders': { body: emptyList },
      'GET /api/admin/orders?status=unshipped&customer=ada': {
        body: { ...emptyList, orders: [SUMMARY], total: 51 },
      },
      'GET /api/admin/orders?status=unshipped&customer=ada&page=2': { body: emptyList },
    });
    renderBackOffice('/orders');
    expect(await screen.findByText('No orders match.')).toHaveRole('status');
    await user.selectOptions(screen.getByLabelText('Status'), 'unshipped');
    await user.type(screen.getByLabelText('Customer'), ' ada ');
    await user.click(screen.getByRole('button', { name: 'Show orders' }));

    expect(screen.getByTestId('address')).toHaveTextContent(
      '/orders?status=unshipped&customer=ada',
    );
    const row = await screen.findByRole('row', { name: /ord_1/ });
    expect(row).toHaveTextContent('$50');
    expect(row).toHaveTextContent('Not shipped');
    expect(screen.getByRole('status')).toHaveTextContent('51 orders.');
    expect(screen.getByRole('link', { name: 'Export CSV' })).toHaveAttribute(
      'href',
      '/api/admin/orders.csv?status=unshipped&customer=ada',
    );
    await user.click(screen.getByRole('link', { name: 'Next page' }));
    expect(screen.getByTestId('address')).toHaveTextContent(
      '/orders?status=unshipped&customer=ada&page=2',
    );
    expect(api.calls.at(-1)?.path).toBe('/api/admin/orders?status=unshipped&customer=ada&page=2');
  });
});

const ORDER: AdminOrder = {
  id: 'ord_1',
  status: 'paid',
  currency: 'usd',
  total: 5000,
  email: 'ada@example.com',
  lines: [{ id: 1, name: 'Brown Brim', size: 'L', unitPrice: 2500, quantity: 2, lineTotal: 5000 }],
  billingAddress: {
    name: 'Ada',
    line1: '12 St James Square',
    city: 'London',
    zip: 'SW1Y 4JH',
    country: 'GB',
  },
  shippingAddress: null,
  card: { brand: 'visa', last4: '4242' },
  createdAt: '2026-03-01T10:00:00.000Z',
  shipment: null,
  cancelledAt: null,
  refundedTotal: 0,
  refunds: [],
};

describe('an order', () => {
  it('shows its lines and address, keeps what was typed on an error, and shows the shipment', async () => {
    const user = userEvent.setup();
    let answer = apiFailure(
      400,
      'VALIDATION_ERROR',
      'Use letters and digits in the tracking number.',
    );
    const api = stubApi({
      ...me(STAFF),
      'GET /api/admin/orders/ord_1': { body: ORDER },
      'POST /api/admin/orders/ord_1/shipment': () => answer,
    });
    renderBackOffice('/orders/ord_1');
    const items = await screen.findByRole('table', { name: 'Items' });
    expect(within(items).getByRole('row', { name: /Brown Brim/ })).toHaveTextContent('L2$25$50');
    // No shipping address: it goes to the billing address.
    expect(screen.getAllByText(/United Kingdom/)).toHaveLength(2);
    expect(screen.getByText('visa ending 4242')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Carrier'), 'Royal Mail');
    await user.type(screen.getByLabelText('Tracking number'), '<x>');
    await user.click(screen.getByRole('button', { name: 'Mark shipped' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Use letters and digits');
    expect(screen.getByLabelText('Carrier')).toHaveValue('Royal Mail');
    expect(screen.getByLabelText('Tracking number')).toHaveValue('<x>');

    answer = {
      status: 200,
      body: {
        shipment: {
          shippedAt: '2026-03-02T09:00:00.000Z',
          carrier: 'Royal Mail',
          trackingNumber: 'AB1',
        },
      },
    };
    await user.clear(screen.getByLabelText('Tracking number'));
    await user.type(screen.getByLabelText('Tracking number'), 'AB1');
    await user.click(screen.getByRole('button', { name: 'Mark shipped' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'with Royal Mail, tracking number AB1.',
    );
    expect(screen.queryByRole('button', { name: 'Mark shipped' })).not.toBeInTheDocument();
    expect(api.sentTo('POST /api/admin/orders/ord_1/shipment')).toEqual([
      { carrier: 'Royal Mail', trackingNumber: '<x>' },
      { carrier: 'Royal Mail', trackingNumber: 'AB1' },
    ]);
  });
});

describe('refunding and cancelling an order (ADR 047)', () => {
  const TWO_LINES: AdminOrder = {
    ...ORDER,
    total: 7500,
    lines: [
      { id: 1, name: 'Brown Brim', size: 'M', unitPrice: 2500, quantity: 2, lineTotal: 5000 },
      { id: 1, name: 'Brown Brim', size: 'L', unitPrice: 2500, quantity: 1, lineTotal: 2500 },
    ],
  };
  const REFUND = {
    id: 'ref_1',
    kind: 'refund' as const,
    status: 'succeeded' as const,
    amount: 2500,
    lines: [{ lineIndex: 1, quantity: 1 }],
    restock: true,
    reason: null,
    by: OWNER.email,
    createdAt: '2026-03-02T09:00:00.000Z',
    settledAt: '2026-03-02T09:00:00.000Z',
    failure: null,
  };
  const refunded = {
    ...TWO_LINES,
    refundedTotal: 2500,
    lines: [TWO_LINES.lines[0]!, { ...TWO_LINES.lines[1]!, refundedQuantity: 1 }],
  };

  it('refunds chosen lines after a confirmation that says the amount, sending the same key again after a failure', async () => {
    const user = userEvent.setup();
    let answer = apiFailure(503, 'UNAVAILABLE', 'The shop could not be reached.');
    const api = stubApi({
      ...me(OWNER),
      'GET /api/admin/orders/ord_1': { body: TWO_LINES },
      'POST /api/admin/orders/ord_1/refunds': () => answer,
    });
    renderBackOffice('/orders/ord_1');
    const size = await screen.findByLabelText(/Brown Brim, size L \(1 of 1 left/);
    await user.click(screen.getByRole('button', { name: 'Refund…' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Choose how many of a line to refund.');
    await user.clear(size);
    await user.type(size, '1');
    expect(screen.getByText('$25', { selector: 'strong' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Refund…' }));
    const confirm = within(screen.getByRole('group', { name: 'Confirm the refund' }));
    expect(confirm.getByText(/Refund \$25 to visa ending 4242\?/)).toBeInTheDocument();
    expect(confirm.getByRole('button', { name: 'Yes, refund $25' })).toHaveFocus();
    await user.click(confirm.getByRole('button', { name: 'Yes, refund $25' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('could not be reached');

    answer = apiFailure(409, 'OVER_REFUND', 'Line 2 (Brown Brim, size L) is refunded already.');
    await user.click(screen.getByRole('button', { name: 'Refund…' }));
    await user.click(screen.getByRole('button', { name: 'Yes, refund $25' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('is refunded already');

    answer = { status: 201, body: { order: refunded, refund: REFUND } };
    await user.click(screen.getByRole('button', { name: 'Refund…' }));
    await user.click(screen.getByRole('button', { name: 'Yes, refund $25' }));
    expect(await screen.findByText('Refunded $25 to visa ending 4242.')).toBeInTheDocument();
    const sent = api.sentTo('POST /api/admin/orders/ord_1/refunds') as {
      idempotencyKey: string;
      lines: unknown;
      restock: boolean;
    }[];
    expect(sent).toHaveLength(3);
    expect(sent[0]).toMatchObject({ lines: [{ lineIndex: 1, quantity: 1 }], restock: true });
    // Sent again after a lost answer: the same key, so it cannot refund twice. After a refusal,
    // which was final for its key, a new one.
    expect(sent[1]?.idempotencyKey).toBe(sent[0]?.idempotencyKey);
    expect(sent[2]?.idempotencyKey).not.toBe(sent[1]?.idempotencyKey);
    expect(sent[0]?.idempotencyKey).toMatch(/^refund-[0-9a-f-]{36}$/);
    const refunds = screen.getByRole('table', { name: 'Refunds' });
    expect(within(refunds).getByRole('row', { name: /1 x Brown Brim \(L\)/ })).toHaveTextContent(
      '$25Refunded',
    );
    // Only what is left can be refunded now.
    expect(screen.queryByLabelText(/size L/)).not.toBeInTheDocument();
  });

  it('cancels an unshipped order after a confirmation, and then offers neither cancelling nor shipping', async () => {
    const user = userEvent.setup();
    stubApi({
      ...me(STAFF),
      'GET /api/admin/orders/ord_1': { body: TWO_LINES },
      'POST /api/admin/orders/ord_1/cancel': {
        status: 200,
        body: {
          order: {
            ...TWO_LINES,
            cancelledAt: '2026-03-02T10:00:00.000Z',
            refundedTotal: 7500,
            lines: TWO_LINES.lines.map((line) => ({ ...line, refundedQuantity: line.quantity })),
          },
          refund: { ...REFUND, id: 'ref_2', kind: 'cancel', amount: 7500 },
        },
      },
    });
    renderBackOffice('/orders/ord_1');
    await user.click(await screen.findByRole('button', { name: 'Cancel order…' }));
    const confirm = within(screen.getByRole('group', { name: 'Confirm the cancellation' }));
    expect(confirm.getByText(/\$75 goes back to visa ending 4242/)).toBeInTheDocument();
    await user.click(confirm.getByRole('button', { name: 'Keep the order' }));
    await user.click(screen.getByRole('button', { name: 'Cancel order…' }));
    await user.click(screen.getByRole('button', { name: 'Yes, cancel the order' }));
    expect(await screen.findByText('The order is cancelled and $75 refunded.')).toBeInTheDocument();
    expect(screen.getByText(/^Cancelled /)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel order…' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Mark shipped' })).not.toBeInTheDocument();
    expect(screen.getByText('Everything in this order is refunded.')).toBeInTheDocument();
  });

  it('shows the refusal of a cancellation', async () => {
    const user = userEvent.setup();
    stubApi({
      ...me(STAFF),
      'GET /api/admin/orders/ord_1': { body: TWO_LINES },
      'POST /api/admin/orders/ord_1/cancel': apiFailure(
        409,
        'SHIPPED',
        'This order has shipped and cannot be cancelled: refund its lines instead.',
      ),
    });
    renderBackOffice('/orders/ord_1');
    await user.click(await screen.findByRole('button', { name: 'Cancel order…' }));
    await user.click(screen.getByRole('button', { name: 'Yes, cancel the order' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('refund its lines instead');
  });
});

describe('staff', () => {
  const staffList = {
    staff: [
      {
        userId: 'u1',
        email: OWNER.email,
        name: 'Olive',
        role: 'owner',
        grantedBy: null,
        grantedAt: '2026-01-01T00:00:00.000Z',
      },
      {
        userId: 'u2',
        email: STAFF.email,
        name: 'Sam',
        role: 'staff',
        grantedBy: 'u1',
        grantedAt: '2026-02-01T00:00:00.000Z',
      },
    ],
  };

  it('revokes only after a confirmation, and shows the refusal', async () => {
    const user = userEvent.setup();
    const api = stubApi({
      ...me(OWNER),
      'GET /api/admin/staff': { body: staffList },
      'DELETE /api/admin/staff/u2': apiFailure(409, 'CONFLICT', 'Sam changed meanwhile.'),
    });
    renderBackOffice('/staff');
    const sam = await screen.findByRole('row', { name: /sam@example.com/ });
    expect(sam).toHaveTextContent('by olive@example.com');
    // The shop keeps an owner: its only one is not offered a revoke.
    const olive = screen.getByRole('row', { name: /^olive@example.com/ });
    expect(olive).toHaveTextContent('The only owner');
    expect(within(olive).queryByRole('button')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Revoke sam@example.com' }));
    expect(api.sentTo('DELETE /api/admin/staff/u2')).toEqual([]);
    const confirm = screen.getByRole('button', { name: 'Yes, revoke' });
    expect(confirm).toHaveFocus();
    await user.click(confirm);
    expect(await screen.findByText('Sam changed meanwhile.')).toBeInTheDocument();
    expect(api.sentTo('DELETE /api/admin/staff/u2')).toHaveLength(1);
  });

  it('grants a role and lists the member again', async () => {
    const user = userEvent.setup();
    const api = stubApi({
      ...me(OWNER),
      'GET /api/admin/staff': { body: staffList },
      'POST /api/admin/staff': { body: { userId: 'u3', email: 'kim@example.com', role: 'owner' } },
    });
    renderBackOffice('/staff');
    await screen.findByRole('table', { name: 'Staff and owners' });
    await user.type(screen.getByLabelText('Email'), 'kim@example.com');
    await user.selectOptions(screen.getByLabelText('Role'), 'owner');
    await user.click(screen.getByRole('button', { name: 'Grant' }));
    expect(await screen.findByText('kim@example.com is now an owner.')).toBeInTheDocument();
    expect(api.sentTo('POST /api/admin/staff')).toEqual([
      { email: 'kim@example.com', role: 'owner' },
    ]);
    expect(
      api.calls.filter((call) => call.path === '/api/admin/staff' && call.method === 'GET'),
    ).toHaveLength(2);
  });
});

describe('the audit trail', () => {
  it('says each change in words, field by field, and asks for older entries with ?before=', async () => {
    const entries: AuditEntry[] = Array.from({ length: 50 }, (_, index) => ({
      id: `a${index}`,
      actor: { id: 'u1', email: OWNER.email },
      action: 'role.grant',
      subject: `account:u${index}`,
      before: { role: 'shopper' },
      after: { role: 'staff' },
      at: new Date(Date.UTC(2026, 0, 31) - index * 60_000).toISOString(),
    }));
    stubApi({ ...me(OWNER), 'GET /api/admin/audit': { body: { entries } } });
    renderBackOffice('/audit');
    const first = await screen.findByRole('row', { name: /account u0\b/ });
    expect(first).toHaveTextContent('Gave a role');
    expect(within(first).getByRole('listitem')).toHaveTextContent('role: "shopper" → "staff"');
    expect(screen.getByRole('link', { name: 'Older' })).toHaveAttribute(
      'href',
      `/audit?before=${encodeURIComponent(entries[49]!.at)}`,
    );
  });
});

describe('the dashboard', () => {
  it('labels each day of the chart and lists the low stock', async () => {
    const dashboard: Dashboard = {
      today: { orders: 3, revenue: 12_550 },
      days: Array.from({ length: 30 }, (_, index) => ({
        date: `2026-03-${String(index + 1).padStart(2, '0')}`,
        orders: index === 29 ? 3 : 0,
        revenue: index === 29 ? 12_550 : 0,
      })),
      lowStock: [{ productId: 1, name: 'Brown Brim', size: 'S', stock: 2 }],
    };
    stubApi({ ...me(STAFF), 'GET /api/admin/dashboard': { body: dashboard } });
    renderBackOffice('/');
    expect(await screen.findByRole('region', { name: 'Today' })).toHaveTextContent(
      'Orders3Revenue$125.50',
    );
    const chart = screen.getByRole('group', { name: 'Revenue per day, the last 30 days' });
    expect(within(chart).getAllByRole('img')).toHaveLength(30);
    expect(
      within(chart).getByRole('img', { name: 'Mar 30: $125.50 from 3 orders' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('row', { name: /Brown Brim/ })).toHaveTextContent('S2');
  });
});
