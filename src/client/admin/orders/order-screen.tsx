import { useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router';
import { AddressLines } from '#client/admin/address.tsx';
import { callApi } from '#client/admin/api.ts';
import { formatDateTime, formatMoney } from '#client/admin/format.ts';
import { LoadState } from '#client/admin/load-state.tsx';
import type { AdminOrder, RefundAnswer, Shipment } from '#client/admin/types.ts';
import { useApi } from '#client/admin/use-api.ts';
import { CancelOrder, FormError, RefundForm } from './refund-form.tsx';
import { orderStatus } from './orders-table.tsx';
import { RefundsTable } from './refunds-table.tsx';

/** One order: what was bought, by whom, where it goes, and its shipment (or the form for it). */
export function OrderScreen() {
  const { id = '' } = useParams();
  const order = useApi<AdminOrder>(`/orders/${encodeURIComponent(id)}`);
  return (
    <>
      <p>
        <Link to="/orders">All orders</Link>
      </p>
      <h1>Order {id}</h1>
      <LoadState loaded={order} label="the order">
        {(found) => <OrderDetails order={found} />}
      </LoadState>
    </>
  );
}

function OrderDetails({ order: loaded }: { order: AdminOrder }) {
  // Changed here (shipped, refunded, cancelled): shown at once, without asking again.
  const [order, setOrder] = useState(loaded);
  const [shipment, setShipment] = useState<Shipment | null>(loaded.shipment);
  const [message, setMessage] = useState<string | null>(null);
  const onRefund = ({ order: changed, refund }: RefundAnswer, said: string) => {
    const refunds = order.refunds.filter((one) => one.id !== refund?.id);
    setOrder({ ...changed, refunds: refund ? [...refunds, refund] : refunds });
    setMessage(said);
  };
  return (
    <>
      {message && (
        <p role="status" className="success">
          {message}
        </p>
      )}
      <dl className="facts">
        <dt>Status</dt>
        <dd>{orderStatus({ ...order, shipment })}</dd>
        {order.refundedTotal > 0 && (
          <>
            <dt>Refunded</dt>
            <dd>{formatMoney(order.refundedTotal)}</dd>
          </>
        )}
        <dt>Placed</dt>
        <dd>{formatDateTime(order.createdAt)}</dd>
        <dt>Customer</dt>
        <dd>{order.email}</dd>
        <dt>Card</dt>
        <dd>{order.card ? `${order.card.brand} ending ${order.card.last4}` : 'Not recorded'}</dd>
      </dl>
      <div className="table-scroll">
        <table>
          <caption>Items</caption>
          <thead>
            <tr>
              <th scope="col">Item</th>
              <th scope="col">Size</th>
              <th scope="col" className="number">
                Quantity
              </th>
              <th scope="col" className="number">
                Price
              </th>
              <th scope="col" className="number">
                Line total
              </th>
              <th scope="col" className="number">
                Refunded
              </th>
            </tr>
          </thead>
          <tbody>
            {order.lines.map((line) => (
              <tr key={`${line.id}-${line.size ?? ''}`}>
                <th scope="row">{line.name}</th>
                <td>{line.size ?? 'One size'}</td>
                <td className="number">{line.quantity}</td>
                <td className="number">{formatMoney(line.unitPrice)}</td>
                <td className="number">{formatMoney(line.lineTotal)}</td>
                <td className="number">{line.refundedQuantity ?? 0}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row" colSpan={4}>
                Total
              </th>
              <td className="number">{formatMoney(order.total)}</td>
              <td className="number">{formatMoney(order.refundedTotal)}</td>
            </tr>
          </tfoot>
        </table>
      </div>
      <div className="columns">
        <section aria-labelledby="shipping-address">
          <h2 id="shipping-address">Shipping address</h2>
          <AddressLines address={order.shippingAddress ?? order.billingAddress} />
        </section>
        <section aria-labelledby="billing-address">
          <h2 id="billing-address">Billing address</h2>
          <AddressLines address={order.billingAddress} />
        </section>
      </div>
      <section aria-labelledby="shipment">
        <h2 id="shipment">Shipment</h2>
        {shipment ? (
          <p role="status">
            Shipped on {formatDateTime(shipment.shippedAt)} with {shipment.carrier}, tracking number{' '}
            {shipment.trackingNumber}.
          </p>
        ) : order.cancelledAt ? (
          <p>A cancelled order is not shipped.</p>
        ) : (
          <ShipForm orderId={order.id} onShipped={setShipment} />
        )}
      </section>
      <section aria-labelledby="refunds">
        <h2 id="refunds">Refunds</h2>
        {order.refunds.length > 0 ? <RefundsTable order={order} /> : <p>Nothing refunded.</p>}
        <RefundForm order={order} onRefunded={onRefund} />
      </section>
      {!order.cancelledAt && !shipment && (
        <section aria-labelledby="cancel">
          <h2 id="cancel">Cancel</h2>
          <p>Cancelling refunds everything not refunded yet and puts its items back in stock.</p>
          <CancelOrder order={order} onCancelled={onRefund} />
        </section>
      )}
    </>
  );
}

/** Marks the order shipped; on an error the fields keep what was typed. */
export function ShipForm({
  orderId,
  onShipped,
}: {
  orderId: string;
  onShipped: (shipment: Shipment) => void;
}) {
  const [carrier, setCarrier] = useState('');
  const [trackingNumber, setTrackingNumber] = useState('');
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSending(true);
    setError(null);
    const result = await callApi<{ shipment: Shipment }>(
      `/orders/${encodeURIComponent(orderId)}/shipment`,
      { method: 'POST', body: { carrier: carrier.trim(), trackingNumber: trackingNumber.trim() } },
    );
    setSending(false);
    if (result.ok) onShipped(result.data.shipment);
    else setError(result.error.message);
  };

  return (
    <form
      className="stack"
      aria-labelledby="ship-heading"
      onSubmit={(event) => void onSubmit(event)}
    >
      <h3 id="ship-heading">Mark shipped</h3>
      <label>
        Carrier
        <input
          name="carrier"
          required
          maxLength={200}
          value={carrier}
          onChange={(event) => setCarrier(event.target.value)}
        />
      </label>
      <label>
        Tracking number
        <input
          name="trackingNumber"
          required
          maxLength={200}
          value={trackingNumber}
          onChange={(event) => setTrackingNumber(event.target.value)}
        />
      </label>
      <div>
        <button type="submit" disabled={sending} aria-busy={sending}>
          {sending ? 'Marking shipped…' : 'Mark shipped'}
        </button>
      </div>
      <FormError error={error} />
    </form>
  );
}
