import { OrderConfirmation } from '#client/features/orders/components/order-confirmation.tsx';
import { pageMeta } from '#client/app/page-meta.ts';

export const meta = () => pageMeta('Order confirmed', 'Your CRWN Clothing order.');

export default function OrderConfirmationRoute() {
  return <OrderConfirmation />;
}
