import { lazy, Suspense } from 'react';
import { SHOP_NAME, pageMeta } from '#client/app/page-meta.ts';

export const meta = () =>
  pageMeta(
    'Forgot your password?',
    `Ask for a link to choose a new password for your ${SHOP_NAME} account.`,
  );

// The account's forms are one chunk (account-forms.ts), asked for as this module loads.
const accountForms = import('#client/features/user/components/account-forms.ts');
const ForgotPasswordForm = lazy(() =>
  accountForms.then((forms) => ({ default: forms.ForgotPasswordForm })),
);

export default function ForgotPasswordRoute() {
  return (
    <div className="account-link-page">
      <h1>Forgot your password?</h1>
      <Suspense fallback={null}>
        <ForgotPasswordForm />
      </Suspense>
    </div>
  );
}
