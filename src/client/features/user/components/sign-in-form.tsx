import { Link } from 'react-router';
import { Button } from '#client/components/ui/button.tsx';
import { FormInput } from '#client/components/ui/form-input.tsx';
import { useAuthClient } from '#client/features/user/auth-client.ts';
import { useAuthForm } from './use-auth-form.ts';
import authFormsCss from './auth-forms.css?inline';
import { StyleSheet } from '#client/components/ui/style-sheet.tsx';

/** 'I already have an account': email and password, or Google. */
export function SignInForm() {
  const auth = useAuthClient();
  const { error, notice, pending, ready, run, submitWith } = useAuthForm(['email', 'password']);

  return (
    <section className="auth-form" aria-labelledby="sign-in-title">
      <StyleSheet href="auth-forms" css={authFormsCss} />
      <h2 id="sign-in-title">I already have an account</h2>
      <p>Sign in with your email and password</p>
      <form onSubmit={submitWith((credentials) => auth.signInWithEmail(credentials))}>
        <FormInput label="Email" name="email" type="email" autoComplete="username" required />
        <FormInput
          label="Password"
          name="password"
          type="password"
          autoComplete="current-password"
          required
        />
        <Link className="auth-form__forgot" to="/forgot-password">
          Forgot password?
        </Link>
        {error && (
          <p className="auth-form__error" role="alert">
            {error}
          </p>
        )}
        {/* Always there, so that screen readers announce what appears in it. */}
        <p className="auth-form__notice" role="status">
          {notice}
        </p>
        <div className="auth-form__buttons">
          <Button type="submit" disabled={pending || !ready}>
            Sign In
          </Button>
          <Button
            variant="google"
            disabled={pending || !ready}
            onClick={() => void run(() => auth.signInWithGoogle())}
          >
            Sign In With Google
          </Button>
        </div>
      </form>
    </section>
  );
}
