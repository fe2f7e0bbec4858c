import { lazy, Suspense } from 'react';
import { SHOP_NAME, pageMeta } from '#client/app/page-meta.ts';

// Only reached by an emailed link, and of no use without its token: kept out of search results.
export const meta = () => [
  ...pageMeta('Choose a new password', `Choose a new password for your ${SHOP_NAME} account.`),
  { name: 'robots', content: 'noindex' },
];

// The account's forms are one chunk (account-forms.ts), asked for as this module loads.
const accountForms = import('#client/features/user/components/account-forms.ts');
const ResetPasswordForm = lazy(() =>
  accountForms.then((forms) => ({ default: forms.ResetPasswordForm })),
);

export default function ResetPasswordRoute() {
  return (
    <div className="account-link-page">
      <h1>Choose a new password</h1>
      <Suspense fallback={null}>
        <ResetPasswordForm />
      </Suspense>
    </div>
  );
}
