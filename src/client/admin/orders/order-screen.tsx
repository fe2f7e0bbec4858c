import { useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router';
import { AddressLines } from '#client/admin/address.tsx';
import { callApi } from '#client/admin/api.ts';
import { formatDateTime, formatMoney } from '#client/admin/format.ts';
import { LoadState } from '#client/admin/load-state.tsx';
import type { Order, Shipment } from '#client/admin/types.ts';
import { useApi } from '#client/admin/use-api.ts';

/** One order: what was bought, by whom, where it goes, and its shipment (or the form for it). */
export function OrderScreen() {
  const { id = '' } = useParams();
  const order = useApi<Order>(`/orders/${encodeURIComponent(id)}`);
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

function OrderDetails({ order }: { order: Order }) {
  // Marked shipped here: shown at once, without asking for the order again.
  const [shipment, setShipment] = useState<Shipment | null>(order.shipment);
  return (
    <>
      <dl className="facts">
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
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row" colSpan={4}>
                Total
              </th>
              <td className="number">{formatMoney(order.total)}</td>
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
        ) : (
          <ShipForm orderId={order.id} onShipped={setShipment} />
        )}
      </section>
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
      {error && (
        <p role="alert" className="error">
          {error}
        </p>
      )}
    </form>
  );
}
