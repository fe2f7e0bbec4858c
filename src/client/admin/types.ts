import type { Cents } from '#shared/money.ts';
import type { OrderRefund } from '#shared/order-refunds.ts';
import type { Order, Shipment } from '#shared/orders.ts';

export type { Order, Shipment } from '#shared/orders.ts';
export type { OrderRefund } from '#shared/order-refunds.ts';

/** The back office's API (docs/decisions/042; /work/contracts/issue14-admin-api.md). */
export type StaffRole = 'staff' | 'owner';

export interface Me {
  id: string;
  email: string;
  role: StaffRole;
  /** The shop's name from its settings (ADR 048). */
  shopName: string;
}

/** One order as the back office's detail shows it: with its refunds (ADR 047). */
export type AdminOrder = Order & { refunds: OrderRefund[] };

/** The answer to a refund or a cancellation: the order as it is now, and the refund made. */
export interface RefundAnswer {
  order: Order;
  refund: OrderRefund | null;
}

/** An order as the lists show it. */
export interface OrderSummary {
  id: string;
  createdAt: string;
  email: string;
  total: Cents;
  items: number;
  shipment: Shipment | null;
  /** ISO 8601 once cancelled (ADR 047). */
  cancelledAt: string | null;
  /** Cents refunded. */
  refundedTotal: Cents;
}

/** A page of a list: its rows, how many there are in all, and which page of what size. */
export interface Paged {
  total: number;
  page: number;
  pageSize: number;
}

export interface OrderList extends Paged {
  orders: OrderSummary[];
}

export interface StaffMember {
  userId: string;
  email: string;
  name: string;
  role: StaffRole;
  grantedBy: string | null;
  grantedAt: string;
}

export interface AuditEntry {
  id: string;
  actor: { id: string | null; email: string };
  action: string;
  subject: string;
  before: unknown;
  after: unknown;
  at: string;
}

export interface DayFigures {
  date: string;
  orders: number;
  revenue: Cents;
}

export interface Dashboard {
  today: { orders: number; revenue: Cents };
  days: DayFigures[];
  lowStock: { productId: number; name: string; size: string; stock: number }[];
}

export interface CustomerSummary {
  id: string;
  email: string;
  name: string;
  createdAt: string;
  orders: number;
  spent: Cents;
}

export interface CustomerList extends Paged {
  customers: CustomerSummary[];
}

export interface CustomerDetail {
  customer: { id: string; email: string; name: string; createdAt: string; emailVerified: boolean };
  orders: OrderSummary[];
}
