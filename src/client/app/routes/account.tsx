import { OrderHistory } from '../../features/orders/components/order-history.tsx';
import { AccountPage } from '../../features/user/components/account-page.tsx';
import { pageMeta } from '../page-meta.ts';

export const meta = () => pageMeta('Your account', 'Your CRWN Clothing account and orders.');

export default function AccountRoute() {
  return (
    <>
      <AccountPage />
      <OrderHistory />
    </>
  );
}
