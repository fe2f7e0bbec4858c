import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '#client/test/render-with-providers.tsx';
import { fakeAuthClient } from '#client/test/fake-auth-client.ts';
import { apiFailure, stubApi, type StubAnswer } from '#client/test/stub-api.ts';
import type { AccountDetails } from '#client/features/user/account-api.ts';
import { AccountPage } from './account-page.tsx';
import { PASSWORD_CHANGED } from './change-password-form.tsx';
import { TYPE_DELETE } from './delete-account-section.tsx';

const shopper = {
  id: 'u1',
  displayName: 'Ada',
  email: 'ada@example.com',
  createdAt: '2026-01-01T00:00:00.000Z',
};

const details = (changes: Partial<AccountDetails> = {}): StubAnswer => ({
  body: {
    email: 'ada@example.com',
    emailVerified: true,
    hasPassword: true,
    pendingEmail: null,
    ...changes,
  } satisfies AccountDetails,
});

const WRONG_PASSWORD = apiFailure(400, 'INVALID_PASSWORD', 'That is not your current password.');

/** The account page of a signed-in shopper, its forms loaded, with the API answering `answers`. */
async function openAccount(answers: Parameters<typeof stubApi>[0]) {
  const api = stubApi({ 'GET /api/account': details(), ...answers });
  const authClient = fakeAuthClient({}, shopper);
  const rendered = renderWithProviders(<AccountPage />, { authClient, route: '/account' });
  // The parts after the address wait for GET /api/account.
  await screen.findByRole('region', { name: 'Change your email address' });
  const section = (name: string) => screen.getByRole('region', { name });
  return { api, authClient, section, ...rendered };
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the account page’s email address', () => {
  it('shows the address as verified, with no link to send', async () => {
    const { section } = await openAccount({});
    const email = section('Email address');
    expect(within(email).getByText('ada@example.com')).toBeInTheDocument();
    expect(within(email).getByText('Verified')).toBeInTheDocument();
    expect(within(email).queryByRole('button')).not.toBeInTheDocument();
  });

  it('sends the link again for an address not verified, and says where it went', async () => {
    const { api, section, user } = await openAccount({
      'GET /api/account': details({ emailVerified: false }),
      'POST /api/account/verification': {
        status: 202,
        body: { message: 'We have sent a new link to ada@example.com.' },
      },
    });
    const email = section('Email address');
    expect(within(email).getByText('Not verified')).toBeInTheDocument();
    await user.click(within(email).getByRole('button', { name: 'Send the link again' }));
    expect(await within(email).findByRole('status')).toHaveTextContent(
      'We have sent a new link to ada@example.com.',
    );
    expect(api.sentTo('POST /api/account/verification')).toEqual([{}]);
  });

  it('says which new address waits to be confirmed', async () => {
    const { section } = await openAccount({
      'GET /api/account': details({ pendingEmail: 'new@example.com' }),
    });
    expect(section('Email address')).toHaveTextContent(
      'Waiting for you to confirm new@example.com',
    );
  });
});

describe('changing the email address', () => {
  it('sends the new address with the current password, then shows the pending address', async () => {
    let pending: string | null = null;
    const { api, section, user } = await openAccount({
      'GET /api/account': () => details({ pendingEmail: pending }),
      'POST /api/account/email': () => {
        pending = 'new@example.com';
        return {
          status: 202,
          body: {
            message:
              'We have sent a link to new@example.com. Your address changes when you open it.',
          },
        };
      },
    });
    const form = section('Change your email address');
    await user.type(within(form).getByLabelText('New email address'), 'new@example.com');
    await user.type(within(form).getByLabelText('Current password'), 'correct horse battery');
    await user.click(within(form).getByRole('button', { name: 'Change email' }));

    expect(await within(form).findByRole('status')).toHaveTextContent(
      'We have sent a link to new@example.com.',
    );
    expect(api.sentTo('POST /api/account/email')).toEqual([
      { newEmail: 'new@example.com', password: 'correct horse battery' },
    ]);
    expect(await screen.findByText(/Waiting for you to confirm/)).toHaveTextContent(
      'new@example.com',
    );
    expect(within(form).getByLabelText('New email address')).toHaveValue('');
  });

  it('asks no password of an account without one', async () => {
    const { api, section, user } = await openAccount({
      'GET /api/account': details({ hasPassword: false }),
      'POST /api/account/email': { status: 202, body: { message: 'Sent.' } },
    });
    const form = section('Change your email address');
    expect(within(form).queryByLabelText('Current password')).not.toBeInTheDocument();
    await user.type(within(form).getByLabelText('New email address'), 'new@example.com');
    await user.click(within(form).getByRole('button', { name: 'Change email' }));
    await within(form).findByText('Sent.');
    expect(api.sentTo('POST /api/account/email')).toEqual([{ newEmail: 'new@example.com' }]);
  });

  it('shows a wrong password as an alert and keeps what was typed', async () => {
    const { section, user } = await openAccount({ 'POST /api/account/email': WRONG_PASSWORD });
    const form = section('Change your email address');
    await user.type(within(form).getByLabelText('New email address'), 'new@example.com');
    await user.type(within(form).getByLabelText('Current password'), 'not it at all');
    await user.click(within(form).getByRole('button', { name: 'Change email' }));

    expect(await within(form).findByRole('alert')).toHaveTextContent(
      'That is not your current password.',
    );
    expect(within(form).getByLabelText('New email address')).toHaveValue('new@example.com');
    expect(within(form).getByLabelText('Current password')).toHaveValue('not it at all');
  });
});

describe('changing the password', () => {
  async function fill(
    form: HTMLElement,
    user: ReturnType<typeof renderWithProviders>['user'],
    confirm: string,
  ) {
    await user.type(within(form).getByLabelText('Current password'), 'old horse battery');
    await user.type(within(form).getByLabelText('New password'), 'correct horse battery');
    await user.type(within(form).getByLabelText('Confirm new password'), confirm);
    await user.click(within(form).getByRole('button', { name: 'Change password' }));
  }

  it('sends the current and the new password, and says the other sessions were signed out', async () => {
    const { api, section, user } = await openAccount({
      'POST /api/account/password': { body: { ok: true } },
    });
    const form = section('Change your password');
    await fill(form, user, 'correct horse battery');

    expect(await within(form).findByRole('status')).toHaveTextContent(PASSWORD_CHANGED);
    expect(PASSWORD_CHANGED).toBe(
      'Your password has been changed. Your other sessions have been signed out.',
    );
    expect(api.sentTo('POST /api/account/password')).toEqual([
      { currentPassword: 'old horse battery', newPassword: 'correct horse battery' },
    ]);
    expect(within(form).getByLabelText('Current password')).toHaveValue('');
  });

  it("says the passwords don't match and sends nothing", async () => {
    const { api, section, user } = await openAccount({});
    const form = section('Change your password');
    await fill(form, user, 'correct horse battery!');

    expect(within(form).getByRole('alert')).toHaveTextContent("Passwords don't match");
    expect(api.sentTo('POST /api/account/password')).toEqual([]);
    expect(within(form).getByLabelText('New password')).toHaveValue('correct horse battery');
  });

  it('keeps what was typed when the current password is wrong', async () => {
    const { section, user } = await openAccount({ 'POST /api/account/password': WRONG_PASSWORD });
    const form = section('Change your password');
    await fill(form, user, 'correct horse battery');

    expect(await within(form).findByRole('alert')).toHaveTextContent(
      'That is not your current password.',
    );
    expect(within(form).getByLabelText('Current password')).toHaveValue('old horse battery');
  });

  it('is not offered to an account without a password', async () => {
    await openAccount({ 'GET /api/account': details({ hasPassword: false }) });
    expect(screen.queryByRole('region', { name: 'Change your password' })).not.toBeInTheDocument();
  });
});

describe('the shopper’s data', () => {
  it('is a download of GET /api/account/data', async () => {
    const { section } = await openAccount({});
    const link = within(section('Your data')).getByRole('link', { name: 'Download your data' });
    expect(link).toHaveAttribute('href', '/api/account/data');
    expect(link).toHaveAttribute('download');
  });
});

describe('deleting the account', () => {
  async function openConfirmation(answers: Parameters<typeof stubApi>[0] = {}) {
    const opened = await openAccount(answers);
    const part = opened.section('Delete your account');
    const reveal = within(part).getByRole('button', { name: 'Delete my account' });
    expect(reveal).toHaveAttribute('aria-expanded', 'false');
    expect(within(part).queryByLabelText('Type DELETE to confirm')).not.toBeInTheDocument();
    await opened.user.click(reveal);
    expect(reveal).toHaveAttribute('aria-expanded', 'true');
    return { ...opened, part };
  }

  it('asks again, saying the orders stay without name and email', async () => {
    const { part } = await openConfirmation();
    expect(part).toHaveTextContent(
      "Your orders are kept for the shop's records, without your name and email address.",
    );
  });

  it('sends nothing until DELETE is typed, and keeps the fields', async () => {
    const { api, part, user } = await openConfirmation();
    await user.type(within(part).getByLabelText('Your password'), 'correct horse battery');
    await user.type(within(part).getByLabelText('Type DELETE to confirm'), 'delete');
    await user.click(within(part).getByRole('button', { name: 'Delete for good' }));

    expect(within(part).getByRole('alert')).toHaveTextContent(TYPE_DELETE);
    expect(api.sentTo('POST /api/account/delete')).toEqual([]);
    expect(within(part).getByLabelText('Your password')).toHaveValue('correct horse battery');
  });

  it('deletes with the password and DELETE, goes home and leaves the shop signed out', async () => {
    const { api, authClient, part, store, user } = await openConfirmation({
      'POST /api/account/delete': { body: { ok: true } },
    });
    await user.type(within(part).getByLabelText('Your password'), 'correct horse battery');
    await user.type(within(part).getByLabelText('Type DELETE to confirm'), 'DELETE');
    await user.click(within(part).getByRole('button', { name: 'Delete for good' }));

    await vi.waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
    expect(api.sentTo('POST /api/account/delete')).toEqual([
      { password: 'correct horse battery', confirm: 'DELETE' },
    ]);
    expect(authClient.signOut).toHaveBeenCalledWith({ sessionEnded: true });
    await vi.waitFor(() => expect(store.getState().user.currentUser).toBeNull());
  });

  it('shows a wrong password as an alert and stays', async () => {
    const { part, store, user } = await openConfirmation({
      'POST /api/account/delete': WRONG_PASSWORD,
    });
    await user.type(within(part).getByLabelText('Your password'), 'not it at all');
    await user.type(within(part).getByLabelText('Type DELETE to confirm'), 'DELETE');
    await user.click(within(part).getByRole('button', { name: 'Delete for good' }));

    expect(await within(part).findByRole('alert')).toHaveTextContent(
      'That is not your current password.',
    );
    expect(screen.getByTestId('location')).toHaveTextContent('/account');
    expect(store.getState().user.currentUser).not.toBeNull();
  });

  it('asks no password of an account without one', async () => {
    const { api, part, user } = await openConfirmation({
      'GET /api/account': details({ hasPassword: false }),
      'POST /api/account/delete': { body: { ok: true } },
    });
    expect(within(part).queryByLabelText('Your password')).not.toBeInTheDocument();
    await user.type(within(part).getByLabelText('Type DELETE to confirm'), 'DELETE');
    await user.click(within(part).getByRole('button', { name: 'Delete for good' }));
    await vi.waitFor(() =>
      expect(api.sentTo('POST /api/account/delete')).toEqual([{ confirm: 'DELETE' }]),
    );
  });
});

describe('the display name', () => {
  it('is saved with PATCH, and a failure keeps the typed name', async () => {
    const { api, section, user } = await openAccount({
      'PATCH /api/users/u1': apiFailure(400, 'VALIDATION_ERROR', 'Use at most 60 characters.'),
    });
    const form = section('Change your display name');
    const field = within(form).getByLabelText('New display name');
    await user.clear(field);
    await user.type(field, 'Ada L');
    await user.click(within(form).getByRole('button', { name: 'Save' }));

    expect(await within(form).findByRole('alert')).toHaveTextContent('Use at most 60 characters.');
    expect(field).toHaveValue('Ada L');
    expect(api.sentTo('PATCH /api/users/u1')).toEqual([{ displayName: 'Ada L' }]);
  });
});

describe('the account page while its details cannot be read', () => {
  it('says why, and still shows the address and offers the display name', async () => {
    stubApi({
      'GET /api/account': apiFailure(503, 'UNAVAILABLE', 'The shop is busy. Try again soon.'),
    });
    renderWithProviders(<AccountPage />, { authClient: fakeAuthClient({}, shopper) });
    expect(await screen.findByRole('alert')).toHaveTextContent('The shop is busy. Try again soon.');
    expect(screen.getByRole('region', { name: 'Change your display name' })).toBeInTheDocument();
    const email = screen.getByRole('region', { name: 'Email address' });
    expect(within(email).getByText('ada@example.com')).toBeInTheDocument();
    expect(within(email).queryByText(/verified/i)).not.toBeInTheDocument();
  });
});
