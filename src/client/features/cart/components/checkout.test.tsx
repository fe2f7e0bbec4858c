import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { findItem } from '#shared/spec-catalogue.ts';
import { cartWith } from '#client/test/cart-state.ts';
import { renderWithProviders } from '#client/test/render-with-providers.tsx';
import { Checkout } from './checkout.tsx';

const brownBrim = findItem(1)!;
const adidasNmd = findItem(10)!;

function renderCheckout() {
  return renderWithProviders(<Checkout />, {
    preloadedState: cartWith([
      { ...brownBrim, quantity: 2 },
      { ...adidasNmd, quantity: 1 },
    ]),
  });
}

describe('Checkout', () => {
  it('has the five columns, a row per line and the total', () => {
    renderCheckout();
    expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
      'Product',
      'Description',
      'Quantity',
      'Price',
      'Remove',
    ]);
    const rows = screen.getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByText('Brown Brim')).toBeInTheDocument();
    expect(within(rows[0]!).getByLabelText('Quantity of Brown Brim')).toHaveTextContent('2');
    expect(within(rows[0]!).getByText('$25')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('Subtotal $50')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Subtotal $220')).toBeInTheDocument();
    expect(screen.getByText('Total - $270')).toBeInTheDocument();
  });

  it('does not offer to pay for an empty cart, and points to the shop', () => {
    renderWithProviders(<Checkout payment={<button type="button">Pay Now</button>} />);
    expect(screen.queryByRole('button', { name: 'Pay Now' })).not.toBeInTheDocument();
    expect(screen.getByText(/Your cart is empty/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse the shop' })).toHaveAttribute('href', '/shop');
  });

  it('raises, lowers and removes lines with the arrows and the remove button', async () => {
    const { user } = renderCheckout();
    await user.click(screen.getByRole('button', { name: 'Add one Adidas NMD' }));
    expect(screen.getByLabelText('Quantity of Adidas NMD')).toHaveTextContent('2');
    expect(screen.getByText('Total - $490')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Remove one Brown Brim' }));
    await user.click(screen.getByRole('button', { name: 'Remove one Brown Brim' }));
    expect(screen.queryByText('Brown Brim')).not.toBeInTheDocument();
    expect(screen.getByText('Total - $440')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Remove Adidas NMD from the cart' }));
    expect(screen.getByText('Total - $0')).toBeInTheDocument();
    expect(screen.getByText(/Your cart is empty/)).toBeInTheDocument();
  });

  it('shows the test card to use and the payment it is given', () => {
    renderWithProviders(<Checkout payment={<button type="button">Pay Now</button>} />, {
      preloadedState: cartWith([{ ...brownBrim, quantity: 1 }]),
    });
    expect(screen.getByText(/4242 4242 4242 4242 - Exp: 12\/34 - CVV: 123/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pay Now' })).toBeInTheDocument();
  });

  it('shows no lines and no total until the stored cart is read back', () => {
    renderWithProviders(<Checkout />, { restored: false });
    expect(screen.getAllByRole('row')).toHaveLength(1);
    expect(screen.queryByText(/Your cart is empty/)).not.toBeInTheDocument();
    expect(screen.getByTestId('checkout-total')).toHaveTextContent('Total - $');
  });

  it('shows no lines and no total until the catalogue says what the lines are now', () => {
    renderWithProviders(<Checkout payment={<button type="button">Pay Now</button>} />, {
      preloadedState: { cart: { hidden: true, cartItems: [{ id: 1, quantity: 2 }] } },
    });
    expect(screen.getAllByRole('row')).toHaveLength(1);
    expect(screen.queryByText(/Your cart is empty/)).not.toBeInTheDocument();
    expect(screen.getByTestId('checkout-total')).toHaveTextContent('Total - $');
  });

  it('names a product no longer on sale; the rest of the cart stays, at its total', () => {
    const state = cartWith([{ ...adidasNmd, quantity: 1 }]);
    state.cartCatalogue.noLongerAvailable = ['Brown Brim'];
    renderWithProviders(<Checkout payment={<button type="button">Pay Now</button>} />, {
      preloadedState: state,
    });
    expect(screen.getByText('Brown Brim is no longer available.')).toBeInTheDocument();
    expect(screen.getAllByRole('row')).toHaveLength(2);
    expect(screen.getByText('Total - $220')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pay Now' })).toBeInTheDocument();
  });
});
