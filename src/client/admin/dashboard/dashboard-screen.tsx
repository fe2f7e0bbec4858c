import { formatMoney } from '#client/admin/format.ts';
import { LoadState } from '#client/admin/load-state.tsx';
import type { Dashboard } from '#client/admin/types.ts';
import { useApi } from '#client/admin/use-api.ts';
import { RevenueChart } from './revenue-chart.tsx';

/** Today's figures, the last 30 days, and what is running out. */
export function DashboardScreen() {
  const dashboard = useApi<Dashboard>('/dashboard');
  return (
    <>
      <h1>Dashboard</h1>
      <LoadState loaded={dashboard} label="the dashboard">
        {({ today, days, lowStock }) => (
          <>
            <section aria-labelledby="today">
              <h2 id="today">Today</h2>
              <dl className="figures">
                <div>
                  <dt>Orders</dt>
                  <dd>{today.orders}</dd>
                </div>
                <div>
                  <dt>Revenue</dt>
                  <dd>{formatMoney(today.revenue)}</dd>
                </div>
              </dl>
              <p className="muted">
                Revenue is what orders were charged less what was refunded, on the day of each
                order. Cancelled orders are not counted.
              </p>
            </section>
            <section aria-labelledby="last-days">
              <h2 id="last-days">The last {days.length} days</h2>
              <RevenueChart days={days} />
            </section>
            <section aria-labelledby="low-stock">
              <h2 id="low-stock">Low stock</h2>
              {lowStock.length === 0 ? (
                <p>Nothing is running low.</p>
              ) : (
                <div className="table-scroll">
                  <table>
                    <caption className="visually-hidden">Sizes running low</caption>
                    <thead>
                      <tr>
                        <th scope="col">Product</th>
                        <th scope="col">Size</th>
                        <th scope="col" className="number">
                          In stock
                        </th>
                      </tr>
                    </thead>
                    <tbody>
                      {lowStock.map((row) => (
                        <tr key={`${row.productId}-${row.size}`}>
                          <th scope="row">{row.name}</th>
                          <td>{row.size}</td>
                          <td className="number">{row.stock}</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </div>
              )}
            </section>
          </>
        )}
      </LoadState>
    </>
  );
}
