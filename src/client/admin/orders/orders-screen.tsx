import type { FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { API_BASE } from '#client/admin/api.ts';
import { ListCount, LoadState } from '#client/admin/load-state.tsx';
import { Pagination } from '#client/admin/pagination.tsx';
import type { OrderList } from '#client/admin/types.ts';
import { useApi } from '#client/admin/use-api.ts';
import { OrdersTable } from './orders-table.tsx';
import {
  filtersFromSearch,
  filtersToSearch,
  queryString,
  type OrderFilters,
} from './orders-query.ts';

/** Paid orders, newest first, filtered by the query of the page's own address. */
export function OrdersScreen() {
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = filtersFromSearch(searchParams);
  const orders = useApi<OrderList>(`/orders${queryString(filtersToSearch(filters))}`);
  const exportHref = `${API_BASE}/orders.csv${queryString(filtersToSearch(filters, { withPage: false }))}`;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const text = (name: string) => {
      const value = form.get(name);
      return typeof value === 'string' ? value.trim() : '';
    };
    // A new filter starts from its first page.
    setSearchParams(
      filtersToSearch({
        status: text('status') as OrderFilters['status'],
        from: text('from'),
        to: text('to'),
        customer: text('customer'),
        page: 1,
      }),
    );
  };

  return (
    <>
      <h1>Orders</h1>
      {/* Keyed by the query: Back and Forward show the filters of the list they show. */}
      <form
        key={searchParams.toString()}
        className="filters"
        role="search"
        aria-label="Filter orders"
        onSubmit={onSubmit}
      >
        <label>
          Status
          <select name="status" defaultValue={filters.status}>
            <option value="all">All</option>
            <option value="unshipped">Not shipped</option>
            <option value="shipped">Shipped</option>
            <option value="cancelled">Cancelled</option>
            <option value="refunded">Refunded</option>
          </select>
        </label>
        <label>
          From
          <input type="date" name="from" defaultValue={filters.from} />
        </label>
        <label>
          To
          <input type="date" name="to" defaultValue={filters.to} />
        </label>
        <label>
          Customer
          <input
            type="search"
            name="customer"
            defaultValue={filters.customer}
            placeholder="Email address or part of it"
          />
        </label>
        <button type="submit">Show orders</button>
      </form>
      <p>
        <a href={exportHref} download>
          Export CSV
        </a>{' '}
        <span className="muted">(every page of these orders)</span>
      </p>
      <LoadState loaded={orders} label="orders">
        {(list) => (
          <>
            <ListCount total={list.total} noun="order" />
            {list.orders.length > 0 && <OrdersTable orders={list.orders} caption="Orders" />}
            <Pagination paged={list} label="orders" />
          </>
        )}
      </LoadState>
    </>
  );
}
