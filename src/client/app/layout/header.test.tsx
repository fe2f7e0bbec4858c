import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { findItem } from '#shared/spec-catalogue.ts';
import { cartWith } from '#client/test/cart-state.ts';
import { renderWithProviders } from '#client/test/render-with-providers.tsx';
import { fakeAuthClient } from '#client/test/fake-auth-client.ts';
import { Header } from './header.tsx';

const brownBrim = findItem(1)!;
const shopper = {
  id: 'u1',
  displayName: 'Ada',
  email: 'ada@example.com',
  createdAt: '2026-01-01T00:00:00.000Z',
};

describe('Header', () => {
  it('links the logo, SHOP, CONTACT and SIGN IN when signed out', () => {
    renderWithProviders(<Header />);
    expect(screen.getByRole('link', { name: 'CRWN Clothing, home' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('link', { name: 'SHOP' })).toHaveAttribute('href', '/shop');
    expect(screen.getByRole('link', { name: 'CONTACT' })).toHaveAttribute('href', '/contact');
    expect(screen.getByRole('link', { name: 'SIGN IN' })).toHaveAttribute('href', '/signin');
  });

  it('offers ACCOUNT and SIGN OUT to a signed-in shopper, and SIGN IN again once signed out', async () => {
    const authClient = fakeAuthClient({}, shopper);
    const { user } = renderWithProviders(<Header />, { authClient });
    expect(screen.getByRole('link', { name: 'ACCOUNT' })).toHaveAttribute('href', '/account');
    expect(screen.queryByRole('link', { name: 'SIGN IN' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'SIGN OUT' }));

    expect(await screen.findByRole('link', { name: 'SIGN IN' })).toHaveAttribute('href', '/signin');
    expect(screen.queryByRole('link', { name: 'ACCOUNT' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'SIGN OUT' })).not.toBeInTheDocument();
    expect(authClient.signOut).toHaveBeenCalledOnce();
  });

  it('counts the items in the cart and toggles the dropdown', async () => {
    const { user } = renderWithProviders(<Header />, {
      preloadedState: cartWith([{ ...brownBrim, quantity: 3 }]),
    });
    const bag = screen.getByRole('button', { name: 'Cart, 3 items' });
    expect(bag).toHaveAttribute('aria-expanded', 'false');
    await user.click(bag);
    // The dropdown's code loads on first opening.
    const dropdown = await screen.findByRole('region', { name: 'Cart' });
    expect(within(dropdown).getByText('3 x $25')).toBeInTheDocument();
    await user.click(bag);
    expect(screen.queryByRole('region', { name: 'Cart' })).not.toBeInTheDocument();
  });

  it('shows no count until the stored cart is read back', () => {
    renderWithProviders(<Header />, { restored: false });
    expect(screen.getByRole('button', { name: 'Cart' })).toBeInTheDocument();
    expect(screen.getByTestId('cart-count')).toHaveTextContent('');
  });

  it('opens and closes the MENU, which says so; Escape closes it and returns focus', async () => {
    const { user } = renderWithProviders(<Header />);
    const menu = screen.getByRole('button', { name: 'MENU' });
    expect(menu).toHaveAttribute('aria-expanded', 'false');
    expect(document.getElementById(menu.getAttribute('aria-controls') ?? '')).toContainElement(
      screen.getByRole('link', { name: 'SHOP' }),
    );
    await user.click(menu);
    expect(menu).toHaveAttribute('aria-expanded', 'true');
    await user.tab();
    expect(screen.getByRole('link', { name: 'SHOP' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(menu).toHaveAttribute('aria-expanded', 'false');
    expect(menu).toHaveFocus();
  });

  it('closes the cart dropdown when the MENU opens', async () => {
    const { user } = renderWithProviders(<Header />, {
      preloadedState: { cart: { hidden: false, cartItems: [] } },
    });
    expect(await screen.findByRole('region', { name: 'Cart' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'MENU' }));
    expect(screen.queryByRole('region', { name: 'Cart' })).not.toBeInTheDocument();
  });
});
