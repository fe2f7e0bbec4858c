import { AccountPage } from '../../features/user/components/account-page.tsx';
import { pageMeta } from '../page-meta.ts';

export const meta = () => pageMeta('Your account', 'Your CRWN Clothing account.');

export default function AccountRoute() {
  return <AccountPage />;
}
