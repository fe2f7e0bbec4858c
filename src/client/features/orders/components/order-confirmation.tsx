import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import type { Order } from '#shared/orders.ts';
import { ReceiptLink } from './receipt-link.tsx';
import ordersCss from './orders.css?inline';

// Loaded apart by both pages that show it: code two routes share joins every page's first load
// (vite.config.ts, the `app` group). Asked for as this module loads, with the page's order.
const summaryCode = import('./order-summary.tsx');
const OrderSummary = lazy(() => summaryCode.then((module) => ({ default: module.OrderSummary })));
import { StyleSheet } from '#client/components/ui/style-sheet.tsx';

/**
 * The confirmation after paying, /checkout/confirmation?order={id}&receipt={receipt}. `link` is
 * the page's own address for a guest's order (its receipt is the only way back to it), null for
 * a signed-in shopper's, which their account lists.
 */
export function OrderConfirmation({ order, link }: { order: Order; link: string | null }) {
  return (
    <div className="order-page">
      <StyleSheet href="orders" css={ordersCss} />
      <h1>Thank you for your order</h1>
      <Suspense fallback={null}>
        <OrderSummary order={order} />
      </Suspense>
      {order.confirmationEmail === 'queued' && (
        <p className="order-page__emailed">
          A confirmation email is on its way to <strong>{order.email}</strong>.
        </p>
      )}
      {link ? (
        <ReceiptLink url={link} emailed={order.confirmationEmail === 'queued'} />
      ) : (
        <p>
          This order is kept with your account: <Link to="/account">see your orders</Link>.
        </p>
      )}
      <p>
        <Link to="/shop">Continue shopping</Link>
      </p>
    </div>
  );
}

/** The order could not be fetched (no answer, or a server error): say so, offer to try again. */
export function OrderConfirmationFailed({ message }: { message: string }) {
  return (
    <div className="order-page">
      <StyleSheet href="orders" css={ordersCss} />
      <h1>Your order</h1>
      <p role="alert">{message}</p>
      <p>
        <button type="button" className="order-page__retry" onClick={() => location.reload()}>
          Try again
        </button>
      </p>
    </div>
  );
}
