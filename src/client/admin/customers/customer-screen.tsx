import { Link, useParams } from 'react-router';
import { formatDate } from '#client/admin/format.ts';
import { LoadState } from '#client/admin/load-state.tsx';
import { OrdersTable } from '#client/admin/orders/orders-table.tsx';
import type { CustomerDetail } from '#client/admin/types.ts';
import { useApi } from '#client/admin/use-api.ts';

/** One customer and their orders. */
export function CustomerScreen() {
  const { id = '' } = useParams();
  const detail = useApi<CustomerDetail>(`/customers/${encodeURIComponent(id)}`);
  return (
    <>
      <p>
        <Link to="/customers">All customers</Link>
      </p>
      <LoadState loaded={detail} label="the customer">
        {({ customer, orders }) => (
          <>
            <h1>{customer.name || customer.email}</h1>
            <dl className="facts">
              <dt>Email</dt>
              <dd>
                {customer.email} {customer.emailVerified ? '(verified)' : '(not verified)'}
              </dd>
              <dt>Customer since</dt>
              <dd>{formatDate(customer.createdAt)}</dd>
            </dl>
            <h2>Orders</h2>
            {orders.length === 0 ? (
              <p>No orders yet.</p>
            ) : (
              <OrdersTable orders={orders} caption={`Orders of ${customer.email}`} />
            )}
          </>
        )}
      </LoadState>
    </>
  );
}
