import { MIN_PASSWORD_LENGTH } from '#shared/account-limits.ts';
import { FormInput } from '#client/components/ui/form-input.tsx';
import type { Field } from './use-form-request.ts';

/** Said when the confirmation differs from the new password; nothing is sent. */
export const PASSWORDS_DIFFER = "Passwords don't match";

/** A form's `check` (use-form-request.ts) of the two fields below. */
export const checkNewPassword = (field: Field) =>
  field('newPassword') === field('confirmPassword') ? undefined : PASSWORDS_DIFFER;

/** A new password and its confirmation, named newPassword and confirmPassword. */
export function NewPasswordFields() {
  return (
    <>
      <FormInput
        label="New password"
        name="newPassword"
        type="password"
        autoComplete="new-password"
        required
        hint={`At least ${MIN_PASSWORD_LENGTH} characters`}
      />
      <FormInput
        label="Confirm new password"
        name="confirmPassword"
        type="password"
        autoComplete="new-password"
        required
      />
    </>
  );
}
