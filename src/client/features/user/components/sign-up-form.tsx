import type { FormEvent } from 'react';
import { Button } from '#client/components/ui/button.tsx';
import { FormInput } from '#client/components/ui/form-input.tsx';
import { useAuthClient } from '#client/features/user/auth-client.ts';
import { MAX_DISPLAY_NAME_LENGTH, MIN_PASSWORD_LENGTH } from '#shared/account-limits.ts';
import { readFields, useAuthForm } from './use-auth-form.ts';
import authFormsCss from './auth-forms.css?inline';
import { StyleSheet } from '#client/components/ui/style-sheet.tsx';

/** The spec's exact text for a confirmation that differs from the password. */
export const PASSWORD_MISMATCH_ALERT = "passwords don't match";

const FIELDS = ['displayName', 'email', 'password', 'confirmPassword'] as const;

/** 'I do not have a account': display name, email, password twice. */
export function SignUpForm() {
  const auth = useAuthClient();
  const { error, pending, ready, submitWith } = useAuthForm(FIELDS);

  const sendSignUp = submitWith(({ displayName, email, password }) =>
    auth.signUpWithEmail({ displayName, email, password }),
  );

  const signUp = (event: FormEvent<HTMLFormElement>) => {
    const { password, confirmPassword } = readFields(event.currentTarget, FIELDS);
    if (password !== confirmPassword) {
      // The spec's alert; nothing is sent and the fields stay for correction.
      event.preventDefault();
      window.alert(PASSWORD_MISMATCH_ALERT);
      return;
    }
    sendSignUp(event);
  };

  return (
    <section className="auth-form" aria-labelledby="sign-up-title">
      <StyleSheet href="auth-forms" css={authFormsCss} />
      <h2 id="sign-up-title">I do not have a account</h2>
      <p>Sign up with your email and password</p>
      <form onSubmit={signUp}>
        <FormInput
          label="Display Name"
          name="displayName"
          autoComplete="nickname"
          required
          maxLength={MAX_DISPLAY_NAME_LENGTH}
          hint={`Up to ${MAX_DISPLAY_NAME_LENGTH} characters`}
        />
        <FormInput label="Email" name="email" type="email" autoComplete="email" required />
        <FormInput
          label="Password"
          name="password"
          type="password"
          autoComplete="new-password"
          required
          hint={`At least ${MIN_PASSWORD_LENGTH} characters`}
        />
        <FormInput
          label="Confirm Password"
          name="confirmPassword"
          type="password"
          autoComplete="new-password"
          required
        />
        {error && (
          <p className="auth-form__error" role="alert">
            {error}
          </p>
        )}
        <Button type="submit" disabled={pending || !ready}>
          SIGN UP
        </Button>
      </form>
    </section>
  );
}
