import { Link } from 'react-router';
import type { Order } from '#shared/orders.ts';
import { productPathById } from '#shared/catalogue-model.ts';
import { formatMoney } from '#shared/money.ts';
import { lazy } from '#shared/lazy.ts';
import ordersCss from './orders.css?inline';
import { StyleSheet } from '#client/components/ui/style-sheet.tsx';

const countryNames = lazy(() => new Intl.DisplayNames(['en'], { type: 'region' }));

/** 'GB' -> 'United Kingdom'; an address kept before countries were codes shows as it was typed. */
const countryName = (country: string) =>
  /^[A-Z]{2}$/.test(country) ? (countryNames().of(country) ?? country) : country;

const placedAt = lazy(
  () => new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' }),
);
const shippedOn = lazy(() => new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' }));

/** An order's lines, total and where it goes. */
export function OrderSummary({ order }: { order: Order }) {
  return (
    <article className="order-summary" aria-label={`Order ${order.id}`}>
      <StyleSheet href="orders" css={ordersCss} />
      <p className="order-summary__meta">
        Order <strong>{order.id}</strong>, placed {placedAt().format(new Date(order.createdAt))}
        {order.card && (
          <>
            , paid with {order.card.brand} ending {order.card.last4}
          </>
        )}
      </p>
      {order.cancelledAt && (
        <p className="order-summary__shipment">
          Cancelled on {shippedOn().format(new Date(order.cancelledAt))}
        </p>
      )}
      {order.shipment && (
        <p className="order-summary__shipment">
          Shipped on {shippedOn().format(new Date(order.shipment.shippedAt))} with{' '}
          {order.shipment.carrier}, tracking number {order.shipment.trackingNumber}
        </p>
      )}
      <table className="order-summary__lines">
        <thead>
          <tr>
            <th scope="col">Item</th>
            <th scope="col">Quantity</th>
            <th scope="col">Price</th>
            <th scope="col">Subtotal</th>
          </tr>
        </thead>
        <tbody>
          {order.lines.map((line) => (
            <tr key={`${line.id}:${line.size ?? ''}`}>
              <td>
                <Link to={productPathById(line.id)}>{line.name}</Link>
                {line.size && <span className="order-summary__size">, size {line.size}</span>}
              </td>
              <td>
                {line.quantity}
                {line.refundedQuantity ? ` (${line.refundedQuantity} refunded)` : ''}
              </td>
              <td>{formatMoney(line.unitPrice)}</td>
              <td>{formatMoney(line.lineTotal)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="order-summary__total">Total - {formatMoney(order.total)}</p>
      {order.refundedTotal > 0 && (
        <p className="order-summary__total">Refunded {formatMoney(order.refundedTotal)}</p>
      )}
      {order.shippingAddress && (
        <p className="order-summary__address">
          Shipping to {order.shippingAddress.name}, {order.shippingAddress.line1},{' '}
          {order.shippingAddress.zip} {order.shippingAddress.city},{' '}
          {countryName(order.shippingAddress.country)}
        </p>
      )}
      {/* Only what is true: no email is sent (issue #10, item 4). */}
      <p className="order-summary__email">Email given at payment: {order.email}</p>
    </article>
  );
}
