import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_SHOP_SETTINGS } from '#shared/shop-settings.ts';
import { apiFailure, stubApi } from '#client/test/stub-api.ts';
import { renderBackOffice } from '#client/admin/test/render-back-office.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

const OWNER = { id: 'u1', email: 'olive@example.com', role: 'owner', shopName: 'Hat Hut' };
const STAFF = { id: 'u2', email: 'sam@example.com', role: 'staff', shopName: 'Hat Hut' };

describe('the settings screen (ADR 048)', () => {
  it('is the owner’s: linked for owners, refused to staff without asking the API', async () => {
    const api = stubApi({ 'GET /api/admin/me': { body: STAFF } });
    renderBackOffice('/settings');
    expect(await screen.findByRole('alert')).toHaveTextContent('Only an owner');
    expect(api.calls.map((call) => call.path)).toEqual(['/api/admin/me']);
  });

  it('shows the settings in labelled fields and saves them, the address one line each', async () => {
    const saved = { ...DEFAULT_SHOP_SETTINGS, name: 'Hat Hut', address: ['1 High Street', 'Bath'] };
    const api = stubApi({
      'GET /api/admin/me': { body: OWNER },
      'GET /api/admin/settings': { body: DEFAULT_SHOP_SETTINGS },
      'PUT /api/admin/settings': { body: saved },
    });
    renderBackOffice('/settings');
    const nav = await screen.findByRole('navigation', { name: 'Back office' });
    expect(within(nav).getByRole('link', { name: 'Settings' })).toBeInTheDocument();
    const name = await screen.findByLabelText('Shop name');
    expect(name).toHaveValue('CRWN Clothing');
    expect(screen.getByLabelText('Contact email')).toHaveValue(DEFAULT_SHOP_SETTINGS.email);
    expect(screen.getByLabelText('Postal address')).toHaveValue(
      DEFAULT_SHOP_SETTINGS.address.join('\n'),
    );
    const user = userEvent.setup();
    await user.clear(name);
    await user.type(name, 'Hat Hut');
    const address = screen.getByLabelText('Postal address');
    await user.clear(address);
    await user.type(address, '1 High Street{Enter}Bath');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText(/^Saved\./)).toBeInTheDocument();
    const put = api.calls.find((call) => call.method === 'PUT');
    expect(put?.body).toEqual({
      ...DEFAULT_SHOP_SETTINGS,
      name: 'Hat Hut',
      address: ['1 High Street', 'Bath'],
    });
  });

  it('shows the uploaded logo and puts the crown back when asked', async () => {
    const logo = '/images/uploads/0123456789abcdef0123456789abcdef';
    const api = stubApi({
      'GET /api/admin/me': { body: OWNER },
      'GET /api/admin/settings': { body: { ...DEFAULT_SHOP_SETTINGS, logo } },
      'PUT /api/admin/settings': { body: DEFAULT_SHOP_SETTINGS },
    });
    renderBackOffice('/settings');
    const group = await screen.findByRole('group', { name: 'Logo' });
    expect(within(group).getByLabelText('Logo picture')).toBeInTheDocument();
    expect(
      within(group).getByRole('img', { name: 'Logo picture: the current picture' }),
    ).toHaveAttribute('src', `${logo}-160.jpg`);
    const user = userEvent.setup();
    await user.click(within(group).getByRole('button', { name: 'Use the crown instead' }));
    expect(within(group).getByText('No picture yet.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    await screen.findByText(/^Saved\./);
    expect(api.calls.find((call) => call.method === 'PUT')?.body).toMatchObject({ logo: '' });
  });

  it('marks a wrong field before sending, focused, and shows the server’s refusal', async () => {
    const api = stubApi({
      'GET /api/admin/me': { body: OWNER },
      'GET /api/admin/settings': { body: DEFAULT_SHOP_SETTINGS },
      'PUT /api/admin/settings': apiFailure(400, 'VALIDATION_ERROR', 'The server said no.'),
    });
    renderBackOffice('/settings');
    const email = await screen.findByLabelText('Contact email');
    const user = userEvent.setup();
    await user.clear(email);
    await user.type(email, 'not an address');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveFocus();
    expect(email).toHaveAccessibleDescription(/Enter a valid contact email address\./);
    expect(api.calls.some((call) => call.method === 'PUT')).toBe(false);

    await user.clear(email);
    await user.type(email, 'shop@example.com');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('The server said no.')).toBeInTheDocument();
    expect(email).not.toHaveAttribute('aria-invalid');
  });
});
