import { formatDateTime, formatMoney } from '#client/admin/format.ts';
import type { AdminOrder } from '#client/admin/types.ts';

const STATUS = { pending: 'Waiting for the provider', succeeded: 'Refunded', failed: 'Failed' };

/** An order's refunds, oldest first: when, what, how much, in which state, and who asked. */
export function RefundsTable({ order }: { order: AdminOrder }) {
  return (
    <div className="table-scroll">
      <table>
        <caption>Refunds</caption>
        <thead>
          <tr>
            <th scope="col">Date</th>
            <th scope="col">Lines</th>
            <th scope="col" className="number">
              Amount
            </th>
            <th scope="col">State</th>
            <th scope="col">By</th>
          </tr>
        </thead>
        <tbody>
          {order.refunds.map((refund) => (
            <tr key={refund.id}>
              <th scope="row">{formatDateTime(refund.createdAt)}</th>
              <td>
                {refund.kind === 'cancel' ? 'Cancellation: ' : ''}
                {refund.lines
                  .map(({ lineIndex, quantity }) => {
                    const line = order.lines[lineIndex];
                    return `${quantity} x ${line?.name ?? `line ${lineIndex + 1}`}${line?.size ? ` (${line.size})` : ''}`;
                  })
                  .join(', ')}
                {refund.restock ? '' : ', not restocked'}
                {refund.reason ? `. ${refund.reason}` : ''}
              </td>
              <td className="number">{formatMoney(refund.amount)}</td>
              <td>
                {STATUS[refund.status]}
                {refund.failure ? `: ${refund.failure}` : ''}
              </td>
              <td>{refund.by ?? '—'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
