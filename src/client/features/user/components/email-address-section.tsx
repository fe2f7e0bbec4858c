import { Button } from '#client/components/ui/button.tsx';
import { resendVerification, type AccountDetails } from '#client/features/user/account-api.ts';
import { AccountSection } from './account-section.tsx';
import { FormOutcome } from './form-outcome.tsx';
import { useFormRequest } from './use-form-request.ts';

/** The address, whether it is confirmed, and the way to a new link when it is not. */
export function EmailAddressSection({ account }: { account: AccountDetails }) {
  const { outcome, pending, ready, submitWith } = useFormRequest();
  const { email, emailVerified, pendingEmail } = account;
  return (
    <AccountSection title="Email address">
      <p>
        <span className="account-form__address">{email}</span>{' '}
        <span
          className={`account-form__badge account-form__badge--${emailVerified ? 'yes' : 'no'}`}
        >
          {emailVerified ? 'Verified' : 'Not verified'}
        </span>
      </p>
      {pendingEmail && (
        <p>
          Waiting for you to confirm <span className="account-form__address">{pendingEmail}</span>:
          open the link we sent to it.
        </p>
      )}
      {!emailVerified && (
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
