import { lazy, Suspense, useEffect, useState } from 'react';
import type { Order } from '#shared/orders.ts';
import { useAppSelector } from '#client/app/hooks.ts';
import { selectCurrentUser } from '#client/features/user/user-selectors.ts';
import { fetchMyOrders } from '#client/features/orders/orders-api.ts';
import ordersCss from './orders.css?inline';

// Loaded apart by both pages that show it: code two routes share joins every page's first load
// (vite.config.ts, the `app` group). Asked for as this module loads, with the page's order.
const summaryCode = import('./order-summary.tsx');
const OrderSummary = lazy(() => summaryCode.then((module) => ({ default: module.OrderSummary })));
import { StyleSheet } from '#client/components/ui/style-sheet.tsx';

/** The signed-in shopper's orders, newest first, on the account page. */
export function OrderHistory() {
  const currentUser = useAppSelector(selectCurrentUser);
  const userId = currentUser?.id;
  const [orders, setOrders] = useState<Order[] | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!userId) return;
    let active = true;
    fetchMyOrders()
      .then((mine) => active && setOrders(mine))
      .catch((failure: unknown) => {
        if (active)
          setError(failure instanceof Error ? failure.message : 'Could not load your orders.');
      });
    return () => {
      active = false;
    };
  }, [userId]);

  if (!userId) return null;
  return (
    <section className="order-history" aria-labelledby="order-history-title">
      <StyleSheet href="orders" css={ordersCss} />
      <h2 id="order-history-title">Your orders</h2>
      {error ? (
        <p role="alert">{error}</p>
      ) : orders === null ? (
        <p>Loading your orders…</p>
      ) : orders.length === 0 ? (
        <p>No orders yet.</p>
      ) : (
        <Suspense fallback={<p>Loading your orders…</p>}>
          {orders.map((order) => (
            <OrderSummary key={order.id} order={order} />
          ))}
        </Suspense>
      )}
    </section>
  );
}
