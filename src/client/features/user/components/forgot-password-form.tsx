import { Link } from 'react-router';
import { Button } from '#client/components/ui/button.tsx';
import { FormInput } from '#client/components/ui/form-input.tsx';
import { StyleSheet } from '#client/components/ui/style-sheet.tsx';
import { requestPasswordReset } from '#client/features/user/account-api.ts';
import { FormOutcome } from './form-outcome.tsx';
import { useFormRequest } from './use-form-request.ts';
import accountFormsCss from './account-forms.css?inline';

/** /forgot-password: asks for a link to choose a new password. */
export function ForgotPasswordForm() {
  const { outcome, pending, ready, submitWith } = useFormRequest();
  return (
    <>
      <StyleSheet href="account-forms" css={accountFormsCss} />
      <p>
        Enter the email address of your account, and we will send it a link to choose a new
        password.
      </p>
      <form onSubmit={submitWith((field) => requestPasswordReset(field('email')))}>
        <FormInput label="Email" name="email" type="email" autoComplete="email" required />
        <Button type="submit" disabled={pending || !ready}>
          Send link
        </Button>
      </form>
      <FormOutcome outcome={outcome} />
      <p>
        <Link to="/signin">Back to sign-in</Link>
      </p>
    </>
  );
}
