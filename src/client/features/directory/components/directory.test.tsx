import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '#client/test/render-with-providers.tsx';
import { Directory } from './directory.tsx';
import { tileHref } from './menu-item.tsx';
import { sectionsOf } from '#client/features/directory/directory-slice.ts';

/** The directory as the home page's loader fills it, from collections in catalogue order. */
function directory() {
  const tile = (title: string, tilePosition: number, size?: 'large') => ({
    title: title.charAt(0).toUpperCase() + title.slice(1),
    routeName: title,
    imageUrl: `/images/sections/${title}`,
    tilePosition,
    ...(size ? { size } : {}),
  });
  return {
    sections: sectionsOf([
      tile('hats', 1),
      tile('sneakers', 3),
      tile('jackets', 2),
      tile('womens', 4, 'large'),
      tile('mens', 5, 'large'),
    ]),
  };
}

describe('Directory', () => {
  it('shows a tile per category in order, upper case, with SHOP NOW and its size', () => {
    renderWithProviders(<Directory />, { preloadedState: { directory: directory() } });
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
    const { user } = renderWithProviders(<Directory />, {
      preloadedState: { directory: directory() },
    });
    await user.click(screen.getByRole('link', { name: /JACKETS/ }));
    expect(screen.getByTestId('location')).toHaveTextContent('/shop/jackets');
  });

  it('joins paths without doubling the slash', () => {
    expect(tileHref('/', 'shop/hats')).toBe('/shop/hats');
    expect(tileHref('/sale', 'shop/hats')).toBe('/sale/shop/hats');
    expect(tileHref('/sale/', 'shop/hats')).toBe('/sale/shop/hats');
  });
});
