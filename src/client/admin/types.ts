import type { OrderRefund } from '#shared/order-refunds.ts';
import type { Order } from '#shared/orders.ts';

export type { Order, Shipment } from '#shared/orders.ts';
export type { OrderRefund } from '#shared/order-refunds.ts';

/**
 * The back office's API (docs/decisions/042), as src/shared's schemas declare it (ADR 054): the
 * routes answer through these schemas, so the screens read what the server sends.
 */
export type {
  AuditEntry,
  CustomerDetail,
  CustomerList,
  CustomerSummary,
  Dashboard,
  DayFigures,
  Me,
  OrderList,
  OrderSummary,
  Paged,
  StaffMember,
  StaffRole,
} from '#shared/back-office-api.ts';

/** One order as the back office's detail shows it: with its refunds (ADR 047). */
export type AdminOrder = Order & { refunds: OrderRefund[] };

/** The answer to a refund or a cancellation: the order as it is now, and the refund made. */
export interface RefundAnswer {
  order: Order;
  refund: OrderRefund | null;
}
