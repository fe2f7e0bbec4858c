import type { FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { formatDate, formatMoney } from '#client/admin/format.ts';
import { ListCount, LoadState } from '#client/admin/load-state.tsx';
import { pageOf, queryString } from '#client/admin/orders/orders-query.ts';
import { Pagination } from '#client/admin/pagination.tsx';
import type { CustomerList } from '#client/admin/types.ts';
import { useApi } from '#client/admin/use-api.ts';

/** The shop's customers, searched by name or address, a page at a time. */
export function CustomersScreen() {
  const [searchParams, setSearchParams] = useSearchParams();
  const q = (searchParams.get('q') ?? '').trim();
  const page = pageOf(searchParams);
  const query = new URLSearchParams();
  if (q) query.set('q', q);
  if (page > 1) query.set('page', String(page));
  const customers = useApi<CustomerList>(`/customers${queryString(query)}`);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const value = new FormData(event.currentTarget).get('q');
    const text = typeof value === 'string' ? value.trim() : '';
    setSearchParams(text ? { q: text } : {});
  };

  return (
    <>
      <h1>Customers</h1>
      <form
        key={searchParams.toString()}
        className="filters"
        role="search"
        aria-label="Search customers"
        onSubmit={onSubmit}
      >
        <label>
          Name or email
          <input type="search" name="q" defaultValue={q} />
        </label>
        <button type="submit">Search</button>
      </form>
      <LoadState loaded={customers} label="customers">
        {(list) => (
          <>
            <ListCount total={list.total} noun="customer" />
            {list.customers.length > 0 && (
              <div className="table-scroll">
                <table>
                  <caption>Customers</caption>
                  <thead>
                    <tr>
                      <th scope="col">Email</th>
                      <th scope="col">Name</th>
                      <th scope="col">Customer since</th>
                      <th scope="col" className="number">
                        Orders
                      </th>
                      <th scope="col" className="number">
                        Spent
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {list.customers.map((customer) => (
                      <tr key={customer.id}>
                        <th scope="row">
                          <Link to={`/customers/${encodeURIComponent(customer.id)}`}>
                            {customer.email}
                          </Link>
                        </th>
                        <td>{customer.name}</td>
                        <td>{formatDate(customer.createdAt)}</td>
                        <td className="number">{customer.orders}</td>
                        <td className="number">{formatMoney(customer.spent)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
            <Pagination paged={list} label="customers" />
          </>
        )}
      </LoadState>
    </>
  );
}
