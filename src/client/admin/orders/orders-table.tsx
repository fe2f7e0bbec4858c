import { Link } from 'react-router';
import { formatDateTime, formatMoney } from '#client/admin/format.ts';
import type { OrderSummary, Shipment } from '#client/admin/types.ts';

/** Where an order stands: cancelled, shipped, or waiting to be shipped. */
export const orderStatus = (order: { cancelledAt: string | null; shipment: Shipment | null }) =>
  order.cancelledAt
    ? `Cancelled ${formatDateTime(order.cancelledAt)}`
    : order.shipment
      ? `Shipped ${formatDateTime(order.shipment.shippedAt)}`
      : 'Not shipped';

/** Orders as rows, each leading to its page; used by the order list and a customer's page. */
export function OrdersTable({ orders, caption }: { orders: OrderSummary[]; caption: string }) {
  return (
    <div className="table-scroll">
      <table>
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Order</th>
            <th scope="col">Date</th>
            <th scope="col">Customer</th>
            <th scope="col" className="number">
              Items
            </th>
            <th scope="col" className="number">
              Total
            </th>
            <th scope="col" className="number">
              Refunded
            </th>
            <th scope="col">Status</th>
          </tr>
        </thead>
        <tbody>
          {orders.map((order) => (
            <tr key={order.id}>
              <th scope="row">
                <Link to={`/orders/${encodeURIComponent(order.id)}`}>{order.id}</Link>
              </th>
              <td>{formatDateTime(order.createdAt)}</td>
              <td>{order.email}</td>
              <td className="number">{order.items}</td>
              <td className="number">{formatMoney(order.total)}</td>
              <td className="number">
                {order.refundedTotal > 0 ? formatMoney(order.refundedTotal) : '—'}
              </td>
              <td>{orderStatus(order)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
