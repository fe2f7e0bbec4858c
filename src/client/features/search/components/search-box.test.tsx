import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '#client/test/render-with-providers.tsx';
import { SearchBox } from './search-box.tsx';

describe('SearchBox', () => {
  it('is a labelled GET form to /search with q, which works without JavaScript', () => {
    renderWithProviders(<SearchBox />);
    const form = screen.getByRole('search');
    expect(form).toHaveAttribute('action', '/search');
    expect(form).toHaveAttribute('method', 'get');
    expect(screen.getByRole('searchbox', { name: 'Search the shop' })).toHaveAttribute('name', 'q');
  });

  it('shows the words searched for on the search page, and none elsewhere', () => {
    const { unmount } = renderWithProviders(<SearchBox />, { route: '/search?q=blue+hat' });
    expect(screen.getByRole('searchbox', { name: 'Search the shop' })).toHaveValue('blue hat');
    unmount();
    renderWithProviders(<SearchBox />, { route: '/shop?q=blue+hat' });
    expect(screen.getByRole('searchbox', { name: 'Search the shop' })).toHaveValue('');
  });
});
