import { Button } from '../../../components/ui/button.tsx';
import { FormInput } from '../../../components/ui/form-input.tsx';
import { useAuthClient } from '../auth-client.ts';
import { useAuthForm } from './use-auth-form.ts';
import './auth-forms.css';

/** 'I already have an account': email and password, or Google. */
export function SignInForm() {
  const auth = useAuthClient();
  const { fields, error, pending, onChange, run, submitWith } = useAuthForm({
    email: '',
    password: '',
  });

  return (
    <section className="auth-form" aria-labelledby="sign-in-title">
      <h2 id="sign-in-title">I already have an account</h2>
      <p>Sign in with your email and password</p>
      <form onSubmit={submitWith((credentials) => auth.signInWithEmail(credentials))}>
        <FormInput
          label="Email"
          name="email"
          type="email"
          autoComplete="username"
          value={fields.email}
          onChange={onChange}
          required
        />
        <FormInput
          label="Password"
          name="password"
          type="password"
          autoComplete="current-password"
          value={fields.password}
          onChange={onChange}
          required
        />
        {error && (
          <p className="auth-form__error" role="alert">
            {error}
          </p>
        )}
        <div className="auth-form__buttons">
          <Button type="submit" disabled={pending}>
            Sign In
          </Button>
          <Button
            variant="google"
            disabled={pending}
            onClick={() => void run(() => auth.signInWithGoogle(), { clearOnSuccess: false })}
          >
            Sign In With Google
          </Button>
        </div>
      </form>
    </section>
  );
}
