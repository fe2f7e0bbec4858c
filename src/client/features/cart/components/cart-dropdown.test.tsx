import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { findItem } from '#shared/catalogue.ts';
import { renderWithProviders } from '#client/test/render-with-providers.tsx';
import { selectCartHidden } from '#client/features/cart/cart-selectors.ts';
import { CartDropdown } from './cart-dropdown.tsx';

const brownBrim = findItem(1)!;
const adidasNmd = findItem(10)!;

describe('CartDropdown', () => {
  it("says 'Your cart is empty' when it is", () => {
    renderWithProviders(<CartDropdown />);
    expect(screen.getByText('Your cart is empty')).toBeInTheDocument();
  });

  it('lists each line as quantity x $price with its name and image', () => {
    renderWithProviders(<CartDropdown />, {
      preloadedState: {
        cart: {
          hidden: false,
          cartItems: [
            { ...brownBrim, quantity: 2 },
            { ...adidasNmd, quantity: 1 },
          ],
        },
      },
    });
    const lines = screen.getAllByRole('listitem');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toHaveTextContent('Brown Brim2 x $25');
    expect(lines[1]).toHaveTextContent('Adidas NMD1 x $220');
    expect(lines[0]?.querySelector('img')).toHaveAttribute(
      'src',
      '/images/items/brown-brim-320.jpg',
    );
    // A restored line knows only its id: /shop/product/1 leads on to the product's own address.
    expect(screen.getByRole('link', { name: 'Brown Brim' })).toHaveAttribute(
      'href',
      '/shop/product/1',
    );
  });

  it('goes to /checkout and closes on GO TO CHECKOUT', async () => {
    const { user, store } = renderWithProviders(<CartDropdown />, {
      preloadedState: { cart: { hidden: false, cartItems: [] } },
    });
    await user.click(screen.getByRole('button', { name: 'GO TO CHECKOUT' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/checkout');
    expect(selectCartHidden(store.getState())).toBe(true);
  });

  it('closes on Escape', async () => {
    const { user, store } = renderWithProviders(<CartDropdown />, {
      preloadedState: { cart: { hidden: false, cartItems: [] } },
    });
    await user.keyboard('{Escape}');
    expect(selectCartHidden(store.getState())).toBe(true);
  });
});
