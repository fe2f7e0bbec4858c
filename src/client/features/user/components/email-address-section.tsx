import { Button } from '#client/components/ui/button.tsx';
import { resendVerification, type AccountDetails } from '#client/features/user/account-api.ts';
import { AccountSection } from './account-section.tsx';
import { FormOutcome } from './form-outcome.tsx';
import { useFormRequest } from './use-form-request.ts';

/**
 * The address, whether it is confirmed, and the way to a new link when it is not. Until the
 * account's details are read (`account` null), the address of the session alone.
 */
export function EmailAddressSection({
  email,
  account,
}: {
  email: string;
  account: AccountDetails | null;
}) {
  const { outcome, pending, ready, submitWith } = useFormRequest();
  return (
    <AccountSection title="Email address">
      <p>
        <span className="account-form__address">{account?.email ?? email}</span>
        {account && (
          <>
            {' '}
            <span
              className={`account-form__badge account-form__badge--${account.emailVerified ? 'yes' : 'no'}`}
            >
              {account.emailVerified ? 'Verified' : 'Not verified'}
            </span>
          </>
        )}
      </p>
      {account?.pendingEmail && (
        <p>
          Waiting for you to confirm{' '}
          <span className="account-form__address">{account.pendingEmail}</span>: open the link we
          sent to it.
        </p>
      )}
      {account?.emailVerified === false && (
        <form onSubmit={submitWith(() => resendVerification())}>
          <p>Open the link we sent you to confirm your address.</p>
          <Button type="submit" disabled={pending || !ready}>
            Send the link again
          </Button>
        </form>
      )}
      <FormOutcome outcome={outcome} />
    </AccountSection>
  );
}
