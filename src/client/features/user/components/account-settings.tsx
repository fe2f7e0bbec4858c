import { useEffect, useState } from 'react';
import { StyleSheet } from '#client/components/ui/style-sheet.tsx';
import {
  ACCOUNT_DATA_URL,
  fetchAccount,
  type AccountDetails,
} from '#client/features/user/account-api.ts';
import type { CurrentUser } from '#client/features/user/user-slice.ts';
import { AccountSection } from './account-section.tsx';
import { ChangeEmailForm } from './change-email-form.tsx';
import { ChangePasswordForm } from './change-password-form.tsx';
import { DeleteAccountSection } from './delete-account-section.tsx';
import { DisplayNameForm } from './display-name-form.tsx';
import { EmailAddressSection } from './email-address-section.tsx';
import accountFormsCss from './account-forms.css?inline';

/**
 * The signed-in shopper's forms on the account page: display name, email address, password,
 * their data and deleting the account. Those after the email address need GET /api/account.
 */
export function AccountSettings({ user }: { user: CurrentUser }) {
  const [account, setAccount] = useState<AccountDetails | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  // Read again after a change the server makes (a new address waiting to be confirmed).
  const [version, setVersion] = useState(0);

  useEffect(() => {
    let active = true;
    fetchAccount().then(
      (details) => {
        if (!active) return;
        setAccount(details);
        setLoadError(null);
      },
      (failure: unknown) => {
        if (active)
          setLoadError(failure instanceof Error ? failure.message : 'Could not load your account.');
      },
    );
    return () => {
      active = false;
    };
  }, [version]);

  return (
    <>
      <StyleSheet href="account-forms" css={accountFormsCss} />
      <DisplayNameForm user={user} />
      <EmailAddressSection email={user.email} account={account} />
      {account ? (
        <>
          <ChangeEmailForm
            hasPassword={account.hasPassword}
            onSent={() => setVersion((read) => read + 1)}
          />
          {account.hasPassword && <ChangePasswordForm />}
          <AccountSection title="Your data">
            <p>Everything the shop keeps about you, with your orders, in one JSON file.</p>
            <a href={ACCOUNT_DATA_URL} download>
              Download your data
            </a>
          </AccountSection>
          <DeleteAccountSection hasPassword={account.hasPassword} />
        </>
      ) : loadError ? (
        <p className="account-form__alert" role="alert">
          {loadError}
        </p>
      ) : (
        <p className="account-form">Loading your email and password settings…</p>
      )}
    </>
  );
}
