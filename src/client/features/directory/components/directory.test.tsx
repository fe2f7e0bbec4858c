import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '#client/test/render-with-providers.tsx';
import { Directory } from './directory.tsx';
import { tileHref } from './menu-item.tsx';

describe('Directory', () => {
  it('shows a tile per category in order, upper case, with SHOP NOW and its size', () => {
    renderWithProviders(<Directory />);
    const tiles = screen.getAllByRole('listitem');
    expect(tiles.map((tile) => tile.textContent)).toEqual([
      'HATSSHOP NOW',
      'JACKETSSHOP NOW',
      'SNEAKERSSHOP NOW',
      'WOMENSSHOP NOW',
      'MENSSHOP NOW',
    ]);
    expect(tiles.map((tile) => tile.dataset.size ?? '')).toEqual(['', '', '', 'large', 'large']);
  });

  it('goes to the current path plus the tile link when clicked', async () => {
    const { user } = renderWithProviders(<Directory />);
    await user.click(screen.getByRole('link', { name: /JACKETS/ }));
    expect(screen.getByTestId('location')).toHaveTextContent('/shop/jackets');
  });

  it('joins paths without doubling the slash', () => {
    expect(tileHref('/', 'shop/hats')).toBe('/shop/hats');
    expect(tileHref('/sale', 'shop/hats')).toBe('/sale/shop/hats');
    expect(tileHref('/sale/', 'shop/hats')).toBe('/sale/shop/hats');
  });
});
