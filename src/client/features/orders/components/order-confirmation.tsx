import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { Order } from '#shared/orders.ts';
import { fetchOrder } from '#client/features/orders/orders-api.ts';
import { OrderSummary } from './order-summary.tsx';
import ordersCss from './orders.css?inline';
import { StyleSheet } from '#client/components/ui/style-sheet.tsx';

type State =
  { kind: 'loading' } | { kind: 'shown'; order: Order } | { kind: 'failed'; message: string };

/** The confirmation after paying: /checkout/confirmation?order={id}&receipt={receipt}. */
export function OrderConfirmation() {
  const [params] = useSearchParams();
  const orderId = params.get('order');
  const receipt = params.get('receipt');
  const [state, setState] = useState<State>({ kind: 'loading' });

  useEffect(() => {
    if (!orderId) return;
    let active = true;
    fetchOrder(orderId, receipt)
      .then((order) => active && setState({ kind: 'shown', order }))
      .catch((error: unknown) => {
        if (active) {
          setState({
            kind: 'failed',
            message: error instanceof Error ? error.message : 'Could not load the order.',
          });
        }
      });
    return () => {
      active = false;
    };
  }, [orderId, receipt]);

  return (
    <div className="order-page">
      <StyleSheet href="orders" css={ordersCss} />
      <h1>Thank you for your order</h1>
      {!orderId ? (
        <p>
          No order to show. <Link to="/shop">Back to the shop</Link>
        </p>
      ) : state.kind === 'loading' ? (
        <p>Loading your order…</p>
      ) : state.kind === 'failed' ? (
        <p role="alert">{state.message}</p>
      ) : (
        <OrderSummary order={state.order} />
      )}
      <p>
        <Link to="/shop">Continue shopping</Link>
      </p>
    </div>
  );
}
