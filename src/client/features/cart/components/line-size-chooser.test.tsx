import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { findItem } from '#shared/spec-catalogue.ts';
import { cartWith } from '#client/test/cart-state.ts';
import { renderWithProviders } from '#client/test/render-with-providers.tsx';
import { forgetProductSizes } from '#client/features/cart/use-line-sizes.ts';
import { CartDropdown } from './cart-dropdown.tsx';
import { Checkout } from './checkout.tsx';

const brownBrim = findItem(1)!;
const adidasNmd = findItem(10)!;

/** The catalogue API's answer: Brown Brim sold out in S, 2 left in M. */
function stubCatalogue() {
  const fetch = vi.fn<typeof globalThis.fetch>(() =>
    Promise.resolve(
      new Response(
        JSON.stringify({
          products: [
            {
              ...brownBrim,
              sizeKind: 'hat',
              sizes: [
                { size: 'S', stock: 0 },
                { size: 'M', stock: 2 },
                { size: 'L', stock: 14 },
              ],
            },
          ],
        }),
        { status: 200 },
      ),
    ),
  );
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

afterEach(() => {
  vi.unstubAllGlobals();
  forgetProductSizes();
});

describe('the size of a cart line', () => {
  it('shows a chosen size, and offers the sizes of a line without one, sold-out ones disabled', async () => {
    const fetch = stubCatalogue();
    const { user, store } = renderWithProviders(<CartDropdown />, {
      preloadedState: cartWith(
        [
          { ...brownBrim, quantity: 1, size: 'M' },
          { ...adidasNmd, quantity: 1, size: 'US 9' },
          { ...brownBrim, quantity: 2 },
        ],
        { hidden: false },
      ),
    });
    const [first, second] = screen.getAllByRole('listitem');
    expect(first).toHaveTextContent('Size M');
    expect(second).toHaveTextContent('Size US 9');

    const chooser = await screen.findByRole('combobox', { name: 'Size of Brown Brim' });
    expect(fetch).toHaveBeenCalledWith('/api/catalogue/products?ids=1', expect.anything());
    const options = within(chooser).getAllByRole('option');
    expect(
      options.map((option) => [option.textContent, (option as HTMLOptionElement).disabled]),
    ).toEqual([
      ['Choose', true],
      ['S (sold out)', true],
      ['M', false],
      ['L', false],
    ]);

    // Choosing M merges the line into the line already in M.
    await user.selectOptions(chooser, 'M');
    expect(
      store.getState().cart.cartItems.map((line) => [line.id, line.size, line.quantity]),
    ).toEqual([
      [1, 'M', 3],
      [10, 'US 9', 1],
    ]);
    expect(screen.queryByRole('combobox')).toBeNull();
  });

  it('offers the same chooser on the line’s checkout row', async () => {
    stubCatalogue();
    const { user, store } = renderWithProviders(<Checkout />, {
      preloadedState: {
        ...cartWith([{ ...brownBrim, quantity: 1 }]),
        cartStorage: { restored: true },
      },
    });
    const row = screen.getAllByRole('row')[1]!;
    const chooser = await within(row).findByRole('combobox', { name: 'Size of Brown Brim' });
    await user.selectOptions(chooser, 'L');
    expect(store.getState().cart.cartItems).toEqual([{ id: 1, quantity: 1, size: 'L' }]);
    // The line is now the line in size L: a row of its own.
    const sized = screen.getAllByRole('row')[1]!;
    expect(sized).toHaveTextContent('Size L');
    expect(within(sized).getByRole('button', { name: 'Add one Brown Brim, size L' })).toBeVisible();
  });
});
