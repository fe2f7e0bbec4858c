import { OrderHistory } from '#client/features/orders/components/order-history.tsx';
import { AccountPage } from '#client/features/user/components/account-page.tsx';
import { SHOP_NAME, pageMeta } from '#client/app/page-meta.ts';

export const meta = () => pageMeta('Your account', `Your ${SHOP_NAME} account and orders.`);

export default function AccountRoute() {
  return (
    <>
      <AccountPage />
      <OrderHistory />
    </>
  );
}
