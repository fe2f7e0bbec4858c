import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { findItem } from '#shared/spec-catalogue.ts';
import { cartWith } from '#client/test/cart-state.ts';
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
      preloadedState: cartWith(
        [
          { ...brownBrim, quantity: 2 },
          { ...adidasNmd, quantity: 1 },
        ],
        { hidden: false },
      ),
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

  it('shows the price the catalogue has now, whatever the line was added at', () => {
    const state = cartWith([{ ...brownBrim, quantity: 2 }], { hidden: false });
    state.cartCatalogue.products[1] = { ...brownBrim, price: 3100 };
    renderWithProviders(<CartDropdown />, { preloadedState: state });
    expect(screen.getByRole('listitem')).toHaveTextContent('Brown Brim2 x $31');
  });

  it('says neither a line nor empty while the catalogue is asked what the lines are now', () => {
    renderWithProviders(<CartDropdown />, {
      preloadedState: { cart: { hidden: false, cartItems: [{ id: 1, quantity: 2 }] } },
    });
    expect(screen.queryByRole('listitem')).not.toBeInTheDocument();
    expect(screen.queryByText('Your cart is empty')).not.toBeInTheDocument();
    expect(screen.getByRole('list')).toHaveAttribute('aria-busy', 'true');
  });

  it('names a product no longer on sale, and lists the rest of the cart', () => {
    const state = cartWith([{ ...adidasNmd, quantity: 1 }], { hidden: false });
    state.cartCatalogue.noLongerAvailable = ['Brown Brim'];
    renderWithProviders(<CartDropdown />, { preloadedState: state });
    expect(screen.getByText('Brown Brim is no longer available.')).toBeInTheDocument();
    expect(screen.getByRole('listitem')).toHaveTextContent('Adidas NMD1 x $220');
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
