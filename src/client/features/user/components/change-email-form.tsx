import { Button } from '#client/components/ui/button.tsx';
import { FormInput } from '#client/components/ui/form-input.tsx';
import { changeEmail } from '#client/features/user/account-api.ts';
import { AccountSection } from './account-section.tsx';
import { FormOutcome } from './form-outcome.tsx';
import { useFormRequest } from './use-form-request.ts';

/**
 * A new address, confirmed by the link the server sends to it. The current password is asked
 * for when the account has one (not for an account made with Google alone).
 */
export function ChangeEmailForm({
  hasPassword,
  onSent,
}: {
  hasPassword: boolean;
  onSent: () => void;
}) {
  const { outcome, pending, ready, submitWith } = useFormRequest();
  const send = submitWith(async (field) => {
    const message = await changeEmail(
      field('newEmail'),
      hasPassword ? field('password') : undefined,
    );
    onSent();
    return message;
  });
  return (
    <AccountSection title="Change your email address">
      <form onSubmit={send}>
        <FormInput
          label="New email address"
          name="newEmail"
          type="email"
          autoComplete="email"
          required
        />
        {hasPassword && (
          <FormInput
            label="Current password"
            name="password"
            type="password"
            autoComplete="current-password"
            required
          />
        )}
        <Button type="submit" disabled={pending || !ready}>
          Change email
        </Button>
      </form>
      <FormOutcome outcome={outcome} />
    </AccountSection>
  );
}
