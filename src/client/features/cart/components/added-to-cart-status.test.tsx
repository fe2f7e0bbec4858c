import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type Item } from '#shared/catalogue.ts';
import { findItem } from '#shared/spec-catalogue.ts';
import { renderWithProviders } from '#client/test/render-with-providers.tsx';
import { useAddToCart } from '#client/features/cart/use-add-to-cart.ts';
import { AddedToCartStatus } from './added-to-cart-status.tsx';

function AddButton({ item }: { item: Item }) {
  return (
    <button type="button" {...useAddToCart(item)}>
      Add {item.name}
    </button>
  );
}

const wolfCap = findItem(5)!;

/** The live region (renderWithProviders' location probe, an <output>, is a status too). */
const liveRegion = () => screen.getAllByRole('status').find((element) => element.tagName === 'DIV');

describe('AddedToCartStatus', () => {
  it('is an empty polite live region until an item is added, then says which and how many', async () => {
    const { user } = renderWithProviders(
      <>
        <AddButton item={wolfCap} />
        <AddedToCartStatus />
      </>,
    );
    const status = liveRegion();
    expect(status).toBeEmptyDOMElement();

    await user.click(screen.getByRole('button', { name: `Add ${wolfCap.name}` }));
    expect(status).toHaveTextContent(`${wolfCap.name} added to your cart. 1 item in your cart.`);
    await user.click(screen.getByRole('button', { name: `Add ${wolfCap.name}` }));
    expect(status).toHaveTextContent(`${wolfCap.name} added to your cart. 2 items in your cart.`);
  });

  it('does not repeat on a new page an add made before it', () => {
    renderWithProviders(<AddedToCartStatus />);
    expect(liveRegion()).toBeEmptyDOMElement();
  });
});
