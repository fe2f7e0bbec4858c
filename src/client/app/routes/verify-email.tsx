import { lazy, Suspense } from 'react';
import { SHOP_NAME, pageMeta } from '#client/app/page-meta.ts';

// Only reached by an emailed link, and of no use without its token: kept out of search results.
export const meta = () => [
  ...pageMeta(
    'Confirm your email address',
    `Confirm the email address of your ${SHOP_NAME} account.`,
  ),
  { name: 'robots', content: 'noindex' },
];

// The account's forms are one chunk (account-forms.ts), asked for as this module loads.
const accountForms = import('#client/features/user/components/account-forms.ts');
const VerifyEmail = lazy(() => accountForms.then((forms) => ({ default: forms.VerifyEmail })));

export default function VerifyEmailRoute() {
  return (
    <div className="account-link-page">
      <h1>Confirm your email address</h1>
      <Suspense fallback={null}>
        <VerifyEmail />
      </Suspense>
    </div>
  );
}
