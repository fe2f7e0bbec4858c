import { Link } from 'react-router';
import { formatDateTime, formatMoney } from '#client/admin/format.ts';
import type { OrderSummary } from '#client/admin/types.ts';

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
            <th scope="col">Shipped</th>
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
              <td>
                {order.shipment
                  ? `Shipped ${formatDateTime(order.shipment.shippedAt)}`
                  : 'Not shipped'}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
