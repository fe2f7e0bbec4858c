import { formatDay, formatMoney } from '#client/admin/format.ts';
import type { DayFigures } from '#client/admin/types.ts';

const WIDTH = 600;
const HEIGHT = 160;
const LABEL_HEIGHT = 16;

/**
 * Each day's revenue as a bar, oldest first. A screen reader reads each bar's own label (day,
 * revenue, orders); the table under it says the same for anyone who prefers numbers.
 */
export function RevenueChart({ days }: { days: DayFigures[] }) {
  const highest = Math.max(1, ...days.map((day) => day.revenue));
  const slot = WIDTH / Math.max(1, days.length);
  const plot = HEIGHT - LABEL_HEIGHT;
  return (
    <figure>
      <svg
        className="chart"
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="group"
        aria-label={`Revenue per day, the last ${days.length} days`}
      >
        {days.map((day, index) => {
          const height = Math.round((day.revenue / highest) * (plot - 4));
          const label = `${formatDay(day.date)}: ${formatMoney(day.revenue)} from ${day.orders} ${day.orders === 1 ? 'order' : 'orders'}`;
          return (
            <rect
              key={day.date}
              role="img"
              aria-label={label}
              x={index * slot + 1}
              y={plot - height}
              width={Math.max(1, slot - 2)}
              height={Math.max(height, day.revenue > 0 ? 1 : 0)}
            >
              <title>{label}</title>
            </rect>
          );
        })}
        <line className="axis" x1={0} x2={WIDTH} y1={plot} y2={plot} />
        {days.length > 0 && (
          <>
            <text x={0} y={HEIGHT - 3} aria-hidden="true">
              {formatDay(days[0]!.date)}
            </text>
            <text x={WIDTH} y={HEIGHT - 3} textAnchor="end" aria-hidden="true">
              {formatDay(days[days.length - 1]!.date)}
            </text>
          </>
        )}
      </svg>
      <figcaption>
        <details>
          <summary>The last {days.length} days as a table</summary>
          <div className="table-scroll">
            <table>
              <caption>Orders and revenue per day (UTC)</caption>
              <thead>
                <tr>
                  <th scope="col">Day</th>
                  <th scope="col" className="number">
                    Orders
                  </th>
                  <th scope="col" className="number">
                    Revenue
                  </th>
                </tr>
              </thead>
              <tbody>
                {days.map((day) => (
                  <tr key={day.date}>
                    <th scope="row">{formatDay(day.date)}</th>
                    <td className="number">{day.orders}</td>
                    <td className="number">{formatMoney(day.revenue)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </details>
      </figcaption>
    </figure>
  );
}
