import { screen } from '@testing-library/react';
import { useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '#client/test/render-with-providers.tsx';
import { SearchBox } from './search-box.tsx';

function Address() {
  const { pathname, search } = useLocation();
  return <output aria-label="Address">{pathname + search}</output>;
}

describe('SearchBox', () => {
  it('is a labelled GET form to /search with q, which works without JavaScript', () => {
    renderWithProviders(<SearchBox />);
    const form = screen.getByRole('search');
    expect(form).toHaveAttribute('action', '/search');
    expect(form).toHaveAttribute('method', 'get');
    expect(screen.getByRole('searchbox', { name: 'Search the shop' })).toHaveAttribute('name', 'q');
  });

  it('goes to the results of the words typed, and shows them there', async () => {
    const { user } = renderWithProviders(
      <>
        <SearchBox />
        <Address />
      </>,
    );
    await user.type(screen.getByRole('searchbox', { name: 'Search the shop' }), 'blue hat{Enter}');
    expect(screen.getByRole('status', { name: 'Address' })).toHaveTextContent('/search?q=blue+hat');
    expect(screen.getByRole('searchbox', { name: 'Search the shop' })).toHaveValue('blue hat');
  });
});
