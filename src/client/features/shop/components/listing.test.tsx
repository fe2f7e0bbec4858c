import { screen, within } from '@testing-library/react';
import { useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { parseListQuery, type ProductList } from '#shared/catalogue-model.ts';
import { renderWithProviders } from '#client/test/render-with-providers.tsx';
import { ListingControls } from './listing-controls.tsx';
import { Pagination } from './pagination.tsx';

const facets: ProductList['facets'] = {
  sizes: ['S', 'M', 'L'],
  colours: ['blue', 'brown'],
  minPrice: 1400,
  maxPrice: 3500,
};

/** The URL as the shopper would see it in the address bar. */
function Address() {
  const { pathname, search } = useLocation();
  return <output aria-label="Address">{pathname + search}</output>;
}

const address = () => screen.getByRole('status', { name: 'Address' });

function renderControls(url: string, keep?: Record<string, string>) {
  const query = parseListQuery(new URL(url, 'https://shop.example').searchParams);
  return renderWithProviders(
    <>
      <ListingControls query={query} facets={facets} keep={keep} />
      <Address />
    </>,
    { route: url },
  );
}

describe('ListingControls', () => {
  it('shows the choice of the URL', () => {
    renderControls('/shop/hats?sort=price-desc&size=M&colour=blue&min=15&max=30');
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveValue('price-desc');
    expect(screen.getByRole('combobox', { name: 'Size in stock' })).toHaveValue('M');
    expect(screen.getByRole('combobox', { name: 'Colour' })).toHaveValue('blue');
    expect(screen.getByRole('spinbutton', { name: 'Min price ($)' })).toHaveValue(15);
    expect(screen.getByRole('spinbutton', { name: 'Max price ($)' })).toHaveValue(30);
  });

  it('puts a new choice in the URL, leaving out what is not chosen, back at page 1', async () => {
    const { user } = renderControls('/shop/hats?page=2');
    const form = screen.getByRole('form', { name: 'Sort and filter' });
    expect(form).toHaveAttribute('method', 'get');
    expect(form).toHaveAttribute('action', '/shop/hats');

    await user.selectOptions(
      screen.getByRole('combobox', { name: 'Sort by' }),
      'Price: low to high',
    );
    await user.selectOptions(screen.getByRole('combobox', { name: 'Size in stock' }), 'M');
    await user.type(screen.getByRole('spinbutton', { name: 'Max price ($)' }), '20');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(address()).toHaveTextContent('/shop/hats?sort=price-asc&size=M&max=20');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Size in stock' }), 'Any size');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(address()).toHaveTextContent('/shop/hats?sort=price-asc&max=20');
  });

  it("keeps the search's words", async () => {
    const { user } = renderControls('/search?q=blue+hat', { q: 'blue hat' });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'Name');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(address()).toHaveTextContent('/search?q=blue+hat&sort=name');
  });
});

describe('Pagination', () => {
  const renderPage = (url: string, pageCount: number) =>
    renderWithProviders(
      <Pagination
        query={parseListQuery(new URL(url, 'https://shop.example').searchParams)}
        pageCount={pageCount}
      />,
      { route: url },
    );

  it('links the other pages, keeping the choice, with rel prev and next', () => {
    renderPage('/shop/mens?sort=name&page=2', 3);
    const pages = screen.getByRole('navigation', { name: 'Pages' });
    const links = within(pages).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Previous page', '/shop/mens?sort=name'],
      ['1', '/shop/mens?sort=name'],
      ['2', '/shop/mens?sort=name&page=2'],
      ['3', '/shop/mens?sort=name&page=3'],
      ['Next page', '/shop/mens?sort=name&page=3'],
    ]);
    expect(links[0]).toHaveAttribute('rel', 'prev');
    expect(links.at(-1)).toHaveAttribute('rel', 'next');
    expect(within(pages).getByRole('link', { name: 'Page 2' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  it('shows nothing for a listing of one page, and a window of a long one', () => {
    const { unmount } = renderPage('/shop/hats', 1);
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
    unmount();
    renderPage('/shop/hats?page=50', 400);
    expect(
      screen
        .getAllByRole('link', { name: /^Page / })
        .map((link) => link.textContent)
        .join(' '),
    ).toBe('1 48 49 50 51 52 400');
  });
});
