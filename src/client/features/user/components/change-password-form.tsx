import { Button } from '#client/components/ui/button.tsx';
import { FormInput } from '#client/components/ui/form-input.tsx';
import { changePassword } from '#client/features/user/account-api.ts';
import { AccountSection } from './account-section.tsx';
import { FormOutcome } from './form-outcome.tsx';
import { NewPasswordFields, checkNewPassword } from './new-password-fields.tsx';
import { useFormRequest } from './use-form-request.ts';

export const PASSWORD_CHANGED =
  'Your password has been changed. Your other sessions have been signed out.';

/** For accounts with a password: the current one, and a new one twice. */
export function ChangePasswordForm() {
  const { outcome, pending, ready, submitWith } = useFormRequest();
  const change = submitWith(async (field) => {
    await changePassword(field('currentPassword'), field('newPassword'));
    return PASSWORD_CHANGED;
  }, checkNewPassword);
  return (
    <AccountSection title="Change your password">
      <form onSubmit={change}>
        <FormInput
          label="Current password"
          name="currentPassword"
          type="password"
          autoComplete="current-password"
          required
        />
        <NewPasswordFields />
        <Button type="submit" disabled={pending || !ready}>
          Change password
        </Button>
      </form>
      <FormOutcome outcome={outcome} />
    </AccountSection>
  );
}
