import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '#client/test/render-with-providers.tsx';
import { fakeAuthClient } from '#client/test/fake-auth-client.ts';
import { AuthError, SignInCancelled } from '#client/features/user/auth-client.ts';
import { SignInForm } from './sign-in-form.tsx';
import { SignUpForm, PASSWORD_MISMATCH_ALERT } from './sign-up-form.tsx';

afterEach(() => vi.restoreAllMocks());

describe('SignInForm', () => {
  it('has required email (type email) and password fields, Sign In and Google buttons', () => {
    renderWithProviders(<SignInForm />);
    expect(screen.getByRole('heading', { name: 'I already have an account' })).toBeInTheDocument();
    const email = screen.getByLabelText('Email');
    expect(email).toHaveAttribute('type', 'email');
    expect(email).toBeRequired();
    expect(screen.getByLabelText('Password')).toBeRequired();
    expect(screen.getByRole('button', { name: 'Sign In' })).toHaveAttribute('type', 'submit');
    expect(screen.getByRole('button', { name: 'Sign In With Google' })).toHaveAttribute(
      'type',
      'button',
    );
  });

  it("links 'Forgot password?' to /forgot-password, after the password field", () => {
    renderWithProviders(<SignInForm />);
    const link = screen.getByRole('link', { name: 'Forgot password?' });
    expect(link).toHaveAttribute('href', '/forgot-password');
    expect(
      screen.getByLabelText('Password').compareDocumentPosition(link) &
        Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
  });

  it('signs in with the typed details and clears the form after success', async () => {
    const authClient = fakeAuthClient();
    const { user } = renderWithProviders(<SignInForm />, { authClient });
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'correct horse battery');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(authClient.signInWithEmail).toHaveBeenCalledWith({
      email: 'ada@example.com',
      password: 'correct horse battery',
    });
    expect(screen.getByLabelText('Email')).toHaveValue('');
    expect(screen.getByLabelText('Password')).toHaveValue('');
  });

  it('shows the failure on the form and keeps what was typed', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const authClient = fakeAuthClient({
      signInWithEmail: () => Promise.reject(new AuthError('Wrong email or password.')),
    });
    const { user } = renderWithProviders(<SignInForm />, { authClient });
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'nope nope nope');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Wrong email or password.');
    expect(screen.getByLabelText('Email')).toHaveValue('ada@example.com');
  });

  it('explains a network failure in plain words', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const authClient = fakeAuthClient({
      signInWithGoogle: () => Promise.reject(new TypeError('Failed to fetch')),
    });
    const { user } = renderWithProviders(<SignInForm />, { authClient });
    await user.click(screen.getByRole('button', { name: 'Sign In With Google' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/check your connection/i);
  });

  it('says calmly, not as an alert, that a cancelled Google sign-in left the shopper signed out', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const authClient = fakeAuthClient({
      signInWithGoogle: () =>
        Promise.reject(
          new SignInCancelled('Google sign-in was cancelled. You are still signed out.'),
        ),
    });
    const { user } = renderWithProviders(<SignInForm />, { authClient });
    await user.click(screen.getByRole('button', { name: 'Sign In With Google' }));
    const form = screen.getByRole('region', { name: 'I already have an account' });
    expect(await within(form).findByRole('status')).toHaveTextContent(
      'Google sign-in was cancelled. You are still signed out.',
    );
    expect(screen.queryByRole('alert')).toBeNull();
    expect(warn).not.toHaveBeenCalled();
  });
});

describe('SignUpForm', () => {
  async function fillSignUp(user: ReturnType<typeof renderWithProviders>['user'], confirm: string) {
    const form = screen.getByRole('region', { name: 'I do not have a account' });
    await user.type(within(form).getByLabelText('Display Name'), 'Ada');
    await user.type(within(form).getByLabelText('Email'), 'ada@example.com');
    await user.type(within(form).getByLabelText('Password'), 'correct horse battery');
    await user.type(within(form).getByLabelText('Confirm Password'), confirm);
    await user.click(within(form).getByRole('button', { name: 'SIGN UP' }));
    return form;
  }

  it('states the password rule and the display name limit beside their fields, before any failure', () => {
    renderWithProviders(<SignUpForm />);
    const form = screen.getByRole('region', { name: 'I do not have a account' });
    expect(within(form).getByLabelText('Password')).toHaveAccessibleDescription(
      'At least 12 characters',
    );
    const displayName = within(form).getByLabelText('Display Name');
    expect(displayName).toHaveAccessibleDescription('Up to 60 characters');
    expect(displayName).toHaveAttribute('maxLength', '60');
  });

  it("alerts 'passwords don't match', sends nothing and keeps the fields", async () => {
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
    const authClient = fakeAuthClient();
    const { user } = renderWithProviders(<SignUpForm />, { authClient });
    const form = await fillSignUp(user, 'correct horse battery!');
    expect(alert).toHaveBeenCalledWith(PASSWORD_MISMATCH_ALERT);
    expect(PASSWORD_MISMATCH_ALERT).toBe("passwords don't match");
    expect(authClient.signUpWithEmail).not.toHaveBeenCalled();
    expect(within(form).getByLabelText('Display Name')).toHaveValue('Ada');
  });

  it('signs up with display name, email and password, then clears the form', async () => {
    const authClient = fakeAuthClient();
    const { user } = renderWithProviders(<SignUpForm />, { authClient });
    const form = await fillSignUp(user, 'correct horse battery');
    expect(authClient.signUpWithEmail).toHaveBeenCalledWith({
      displayName: 'Ada',
      email: 'ada@example.com',
      password: 'correct horse battery',
    });
    for (const label of ['Display Name', 'Email', 'Password', 'Confirm Password']) {
      expect(within(form).getByLabelText(label)).toHaveValue('');
    }
  });

  it('requires every field, with an email input of type email', () => {
    renderWithProviders(<SignUpForm />);
    for (const label of ['Display Name', 'Email', 'Password', 'Confirm Password']) {
      expect(screen.getByLabelText(label)).toBeRequired();
    }
    expect(screen.getByLabelText('Email')).toHaveAttribute('type', 'email');
  });
});
