import { Navigate } from 'react-router';
import { SignInForm } from '#client/features/user/components/sign-in-form.tsx';
import { SignUpForm } from '#client/features/user/components/sign-up-form.tsx';
import { selectAuthResolved, selectCurrentUser } from '#client/features/user/user-selectors.ts';
import { useAppSelector } from '#client/app/hooks.ts';
import { SHOP_NAME, pageMeta } from '#client/app/page-meta.ts';
import signInCss from './sign-in.css?inline';
import { StyleSheet } from '#client/components/ui/style-sheet.tsx';

export const meta = () => pageMeta('Sign in', `Sign in to ${SHOP_NAME}, or create an account.`);

export default function SignInRoute() {
  const currentUser = useAppSelector(selectCurrentUser);
  const resolved = useAppSelector(selectAuthResolved);
  if (currentUser) return <Navigate to="/" replace />;
  return (
    // Hidden while a browser with the signed-in hint waits for its session (ADR 022): a shopper
    // who is signed in is sent home without ever seeing the forms.
    <div className="sign-in-page" data-auth-pending={resolved ? undefined : ''}>
      <StyleSheet href="sign-in" css={signInCss} />
      <h1 className="visually-hidden">Sign in or sign up</h1>
      <SignInForm />
      <SignUpForm />
    </div>
  );
}
