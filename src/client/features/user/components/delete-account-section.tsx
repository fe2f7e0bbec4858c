import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '#client/components/ui/button.tsx';
import { FormInput } from '#client/components/ui/form-input.tsx';
import { deleteAccount } from '#client/features/user/account-api.ts';
import { useAuthClient } from '#client/features/user/auth-client.ts';
import { AccountSection } from './account-section.tsx';
import { FormOutcome } from './form-outcome.tsx';
import { useFormRequest } from './use-form-request.ts';

export const TYPE_DELETE = 'Type DELETE, in capital letters, to delete your account.';

/** A button that opens the confirmation: the shopper is asked again, and types DELETE. */
export function DeleteAccountSection({ hasPassword }: { hasPassword: boolean }) {
  const auth = useAuthClient();
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
  const { outcome, pending, ready, submitWith } = useFormRequest();
  const formId = useId();

  const remove = submitWith(
    async (field) => {
      await deleteAccount(hasPassword ? field('password') : undefined);
      // Home first, so that the account page never shows itself signed out; then the header and
      // the other tabs learn the session is gone, as after SIGN OUT.
      await navigate('/');
      void auth.signOut({ sessionEnded: true });
    },
    (field) => (field('confirm').trim() === 'DELETE' ? undefined : TYPE_DELETE),
  );

  return (
    <AccountSection title="Delete your account">
      <p>This deletes your account and signs you out. It cannot be undone.</p>
      <Button
        variant="inverted"
        aria-expanded={confirming}
        aria-controls={formId}
        onClick={() => setConfirming(!confirming)}
      >
        Delete my account
      </Button>
      {confirming && (
        <form id={formId} onSubmit={remove}>
          <p>
            Are you sure? Your profile, your saved cart and your sign-in are deleted. Your orders
            are kept for the shop&apos;s records, without your name and email address.
          </p>
          {hasPassword && (
            <FormInput
              label="Your password"
              name="password"
              type="password"
              autoComplete="current-password"
              required
            />
          )}
          <FormInput label="Type DELETE to confirm" name="confirm" autoComplete="off" required />
          <div className="account-form__buttons">
            <Button type="submit" disabled={pending || !ready}>
              Delete for good
            </Button>
            <Button variant="inverted" onClick={() => setConfirming(false)}>
              Keep my account
            </Button>
          </div>
        </form>
      )}
      <FormOutcome outcome={outcome} />
    </AccountSection>
  );
}
