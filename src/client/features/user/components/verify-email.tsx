import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { StyleSheet } from '#client/components/ui/style-sheet.tsx';
import { verifyEmail } from '#client/features/user/account-api.ts';
import { FormOutcome } from './form-outcome.tsx';
import { useFormRequest } from './use-form-request.ts';
import { useHashToken } from './use-hash-token.ts';
import accountFormsCss from './account-forms.css?inline';

/** /verify-email#token=…: the page of the emailed link, which confirms the address at once. */
export function VerifyEmail() {
  const token = useHashToken();
  const { outcome, run } = useFormRequest();
  // A token works once: StrictMode's second run of the effect must not send it again.
  const sent = useRef(false);

  useEffect(() => {
    if (!token || sent.current) return;
    sent.current = true;
    void run(async () => {
      const { email, changed } = await verifyEmail(token);
      return changed
        ? `Your email address is now ${email}.`
        : `Your email address ${email} is verified.`;
    });
  }, [token, run]);

  return (
    <>
      <StyleSheet href="account-forms" css={accountFormsCss} />
      {token === null ? (
        <p className="account-form__alert" role="alert">
          This link is incomplete. Open the whole link from the email, or send a new one from your
          account.
        </p>
      ) : (
        !outcome && <p>Checking your link…</p>
      )}
      <FormOutcome outcome={outcome} />
      {(token === null || outcome) && (
        <p>
          <Link to="/account">Go to your account</Link>
        </p>
      )}
    </>
  );
}
