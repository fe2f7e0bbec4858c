import { Checkout } from '#client/features/cart/components/checkout.tsx';
import { PayNow } from '#client/features/orders/components/pay-now.tsx';
import { pageMeta } from '#client/app/page-meta.ts';

export const meta = () => pageMeta('Checkout', 'Review your cart and pay by card.');

export default function CheckoutRoute() {
  return <Checkout payment={<PayNow />} />;
}
