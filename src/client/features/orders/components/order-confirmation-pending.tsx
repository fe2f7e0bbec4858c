import ordersCss from './orders.css?inline';
import { StyleSheet } from '#client/components/ui/style-sheet.tsx';

// A module of its own: React Router puts HydrateFallback in a chunk of its own, and what two
// chunks share would go to the first load of every page (vite.config.ts).
/**
 * What the prerendered page shows, and React shows while it asks for the order: the same for
 * every order, so hydrating it never mismatches (issue #10, item 7).
 */
export function OrderConfirmationPending() {
  return (
    <div className="order-page" aria-busy="true">
      <StyleSheet href="orders" css={ordersCss} />
      <h1>Your order</h1>
      <p>Loading your order…</p>
    </div>
  );
}
