import { Link } from 'react-router';
import { Button } from '#client/components/ui/button.tsx';
import { StyleSheet } from '#client/components/ui/style-sheet.tsx';
import { resetPassword } from '#client/features/user/account-api.ts';
import { useAuthClient } from '#client/features/user/auth-client.ts';
import { FormOutcome } from './form-outcome.tsx';
import { NewPasswordFields, checkNewPassword } from './new-password-fields.tsx';
import { useFormRequest } from './use-form-request.ts';
import { useHashToken } from './use-hash-token.ts';
import accountFormsCss from './account-forms.css?inline';

export const PASSWORD_RESET = 'Your password has been changed. Sign in with your new password.';

/** /reset-password#token=…: the page of the emailed link, where a new password is chosen. */
export function ResetPasswordForm() {
  const auth = useAuthClient();
  const token = useHashToken();
  const { outcome, pending, ready, submitWith } = useFormRequest();

  const reset = submitWith(async (field) => {
    await resetPassword(token ?? '', field('newPassword'));
    // The server has ended every session of the account, perhaps this browser's.
    void auth.signOut({ sessionEnded: true });
    return PASSWORD_RESET;
  }, checkNewPassword);

  return (
    <>
      <StyleSheet href="account-forms" css={accountFormsCss} />
      {token === null ? (
        <p className="account-form__alert" role="alert">
          This link is incomplete. Open the whole link from the email, or ask for a new one.
        </p>
      ) : (
        !outcome?.ok && (
          <form onSubmit={reset}>
            <NewPasswordFields />
            <Button type="submit" disabled={pending || !ready || !token}>
              Change password
            </Button>
          </form>
        )
      )}
      <FormOutcome outcome={outcome} />
      {outcome?.ok && (
        <p>
          <Link to="/signin">Sign in</Link>
        </p>
      )}
      {(token === null || outcome?.code === 'INVALID_TOKEN') && (
        <p>
          <Link to="/forgot-password">Ask for a new link</Link>
        </p>
      )}
    </>
  );
}
