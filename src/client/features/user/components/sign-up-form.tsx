import type { FormEvent } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { FormInput } from '../../../components/ui/form-input.tsx';
import { useAuthClient } from '../auth-client.ts';
import { useAuthForm } from './use-auth-form.ts';
import './auth-forms.css';

/** The spec's exact text for a confirmation that differs from the password. */
export const PASSWORD_MISMATCH_ALERT = "passwords don't match";

/** 'I do not have a account': display name, email, password twice. */
export function SignUpForm() {
  const auth = useAuthClient();
  const { fields, error, pending, onChange, submitWith } = useAuthForm({
    displayName: '',
    email: '',
    password: '',
    confirmPassword: '',
  });

  const sendSignUp = submitWith(({ displayName, email, password }) =>
    auth.signUpWithEmail({ displayName, email, password }),
  );

  const signUp = (event: FormEvent) => {
    if (fields.password !== fields.confirmPassword) {
      // The spec's alert; nothing is sent and the fields stay for correction.
      event.preventDefault();
      window.alert(PASSWORD_MISMATCH_ALERT);
      return;
    }
    sendSignUp(event);
  };

  return (
    <section className="auth-form" aria-labelledby="sign-up-title">
      <h2 id="sign-up-title">I do not have a account</h2>
      <p>Sign up with your email and password</p>
      <form onSubmit={signUp}>
        <FormInput
          label="Display Name"
          name="displayName"
          autoComplete="nickname"
          value={fields.displayName}
          onChange={onChange}
          required
        />
        <FormInput
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          value={fields.email}
          onChange={onChange}
          required
        />
        <FormInput
          label="Password"
          name="password"
          type="password"
          autoComplete="new-password"
          value={fields.password}
          onChange={onChange}
          required
        />
        <FormInput
          label="Confirm Password"
          name="confirmPassword"
          type="password"
          autoComplete="new-password"
          value={fields.confirmPassword}
          onChange={onChange}
          required
        />
        {error && (
          <p className="auth-form__error" role="alert">
            {error}
          </p>
        )}
        <Button type="submit" disabled={pending}>
          SIGN UP
        </Button>
      </form>
    </section>
  );
}
