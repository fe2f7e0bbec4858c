import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { lazy as lazyValue } from '#shared/lazy.ts';
import { useAppSelector } from '#client/app/hooks.ts';
import { selectAuthResolved, selectCurrentUser } from '#client/features/user/user-selectors.ts';
import accountPageCss from './account-page.css?inline';
import { StyleSheet } from '#client/components/ui/style-sheet.tsx';

const memberSince = lazyValue(() => new Intl.DateTimeFormat('en-US', { dateStyle: 'long' }));

// The forms come in a chunk of their own (account-forms.ts), asked for as this module loads:
// they show only once the session is known, which takes longer.
const accountForms = import('./account-forms.ts');
const AccountSettings = lazy(() =>
  accountForms.then((forms) => ({ default: forms.AccountSettings })),
);

/** The shopper's own account: who they are, and their sign-in details to change. */
export function AccountPage() {
  return (
    <>
      <StyleSheet href="account-page" css={accountPageCss} />
      <AccountPageContent />
    </>
  );
}

function AccountPageContent() {
  const currentUser = useAppSelector(selectCurrentUser);
  const authResolved = useAppSelector(selectAuthResolved);

  if (!authResolved) return <p className="account-page">Loading your account…</p>;
  if (!currentUser) {
    return (
      <div className="account-page">
        <h1>Your account</h1>
        <p>
          <Link to="/signin">Sign in</Link> to see your account.
        </p>
      </div>
    );
  }

  return (
    <div className="account-page">
      <h1>Your account</h1>
      <dl className="account-page__details">
        <dt>Display name</dt>
        <dd data-testid="account-display-name">{currentUser.displayName}</dd>
        <dt>Member since</dt>
        <dd>{memberSince().format(new Date(currentUser.createdAt))}</dd>
      </dl>
      <Suspense fallback={<p>Loading your account settings…</p>}>
        {/* Keyed: another shopper signing in here starts with forms of their own. */}
        <AccountSettings key={currentUser.id} user={currentUser} />
      </Suspense>
    </div>
  );
}
