import { StrictMode } from 'react';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '#client/test/render-with-providers.tsx';
import { fakeAuthClient } from '#client/test/fake-auth-client.ts';
import { apiFailure, stubApi } from '#client/test/stub-api.ts';
import { ForgotPasswordForm } from './forgot-password-form.tsx';
import { PASSWORD_RESET, ResetPasswordForm } from './reset-password-form.tsx';
import { VerifyEmail } from './verify-email.tsx';

const RESET_SENT =
  'If an account uses that address, we have sent it a link to choose a new password. The link works for 30 minutes.';
const INVALID_TOKEN = apiFailure(
  400,
  'INVALID_TOKEN',
  'This link has expired or has already been used. Ask for a new one.',
);

/** Opens the page as an emailed link would: the token in the fragment. */
function openLink(path: string) {
  window.history.replaceState(null, '', path);
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  window.history.replaceState(null, '', '/');
});

describe('/forgot-password', () => {
  it('sends the typed email and shows the server’s answer as a status', async () => {
    const api = stubApi({
      'POST /api/account/password-reset': { status: 202, body: { message: RESET_SENT } },
    });
    const { user } = renderWithProviders(<ForgotPasswordForm />);
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Send link' }));

    expect(await screen.findByText(RESET_SENT)).toHaveAttribute('role', 'status');
    expect(api.sentTo('POST /api/account/password-reset')).toEqual([{ email: 'ada@example.com' }]);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows a refusal as an alert and keeps what was typed', async () => {
    stubApi({
      'POST /api/account/password-reset': apiFailure(
        429,
        'TOO_MANY_ATTEMPTS',
        'Too many tries. Wait a minute.',
      ),
    });
    const { user } = renderWithProviders(<ForgotPasswordForm />);
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Send link' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Too many tries. Wait a minute.');
    expect(screen.getByLabelText('Email')).toHaveValue('ada@example.com');
    expect(screen.queryByText(RESET_SENT)).not.toBeInTheDocument();
  });
});

describe('/reset-password', () => {
  async function choose(user: ReturnType<typeof renderWithProviders>['user'], confirm: string) {
    await user.type(screen.getByLabelText('New password'), 'correct horse battery');
    await user.type(screen.getByLabelText('Confirm new password'), confirm);
    await user.click(screen.getByRole('button', { name: 'Change password' }));
  }

  it('takes the token from the fragment at once, and out of the address bar', () => {
    stubApi({});
    openLink('/reset-password?from=mail#token=tok-123');
    renderWithProviders(<ResetPasswordForm />);
    expect(window.location.hash).toBe('');
    expect(window.location.pathname + window.location.search).toBe('/reset-password?from=mail');
    expect(fetch).not.toHaveBeenCalled();
  });

  it('sends the token with the new password, then says so and links to sign in', async () => {
    const api = stubApi({ 'POST /api/account/password-reset/confirm': { body: { ok: true } } });
    const authClient = fakeAuthClient();
    openLink('/reset-password#token=tok-123');
    const { user } = renderWithProviders(<ResetPasswordForm />, { authClient });
    await choose(user, 'correct horse battery');

    expect(await screen.findByText(PASSWORD_RESET)).toHaveAttribute('role', 'status');
    expect(PASSWORD_RESET).toBe('Your password has been changed. Sign in with your new password.');
    expect(api.sentTo('POST /api/account/password-reset/confirm')).toEqual([
      { token: 'tok-123', newPassword: 'correct horse battery' },
    ]);
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/signin');
    expect(screen.queryByLabelText('New password')).not.toBeInTheDocument();
    // Every session of the account ended: the page reads its own again.
    expect(authClient.signOut).toHaveBeenCalledWith({ sessionEnded: true });
  });

  it("says the passwords don't match, sends nothing and keeps them", async () => {
    stubApi({});
    openLink('/reset-password#token=tok-123');
    const { user } = renderWithProviders(<ResetPasswordForm />);
    await choose(user, 'correct horse battery!');

    expect(screen.getByRole('alert')).toHaveTextContent("Passwords don't match");
    expect(fetch).not.toHaveBeenCalled();
    expect(screen.getByLabelText('New password')).toHaveValue('correct horse battery');
  });

  it('shows an expired link’s message with the way to a new one, keeping the fields', async () => {
    stubApi({ 'POST /api/account/password-reset/confirm': INVALID_TOKEN });
    openLink('/reset-password#token=used');
    const { user } = renderWithProviders(<ResetPasswordForm />);
    await choose(user, 'correct horse battery');

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This link has expired or has already been used. Ask for a new one.',
    );
    expect(screen.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
    expect(screen.getByLabelText('New password')).toHaveValue('correct horse battery');
  });

  it('says a link without its token is incomplete, with the way to a new one', () => {
    stubApi({});
    openLink('/reset-password');
    renderWithProviders(<ResetPasswordForm />);
    expect(screen.getByRole('alert')).toHaveTextContent('This link is incomplete.');
    expect(screen.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
    expect(screen.queryByLabelText('New password')).not.toBeInTheDocument();
  });
});

describe('/verify-email', () => {
  it('sends the token once at once, even in StrictMode, and names the verified address', async () => {
    const api = stubApi({
      'POST /api/account/verify-email': { body: { email: 'ada@example.com', changed: false } },
    });
    openLink('/verify-email#token=tok-9');
    renderWithProviders(
      <StrictMode>
        <VerifyEmail />
      </StrictMode>,
    );

    expect(
      await screen.findByText('Your email address ada@example.com is verified.'),
    ).toHaveAttribute('role', 'status');
    expect(api.sentTo('POST /api/account/verify-email')).toEqual([{ token: 'tok-9' }]);
    expect(window.location.hash).toBe('');
  });

  it('names the new address when the link confirmed a change', async () => {
    stubApi({
      'POST /api/account/verify-email': { body: { email: 'new@example.com', changed: true } },
    });
    openLink('/verify-email#token=tok-9');
    renderWithProviders(<VerifyEmail />);
    expect(await screen.findByText('Your email address is now new@example.com.')).toHaveAttribute(
      'role',
      'status',
    );
  });

  it('shows the server’s refusal with a link to the account page', async () => {
    stubApi({
      'POST /api/account/verify-email': apiFailure(
        409,
        'EMAIL_IN_USE',
        'Another account uses that address now.',
      ),
    });
    openLink('/verify-email#token=tok-9');
    renderWithProviders(<VerifyEmail />);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Another account uses that address now.',
    );
    expect(screen.getByRole('link', { name: 'Go to your account' })).toHaveAttribute(
      'href',
      '/account',
    );
  });

  it('sends nothing for a link without its token, and says it is incomplete', () => {
    stubApi({});
    openLink('/verify-email');
    renderWithProviders(<VerifyEmail />);
    expect(screen.getByRole('alert')).toHaveTextContent('This link is incomplete.');
    expect(screen.getByRole('link', { name: 'Go to your account' })).toHaveAttribute(
      'href',
      '/account',
    );
    expect(fetch).not.toHaveBeenCalled();
  });
});
