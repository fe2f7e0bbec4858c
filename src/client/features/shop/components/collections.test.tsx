import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { COLLECTIONS, COLLECTION_IDS } from '#shared/spec-catalogue.ts';
import { renderWithProviders } from '#client/test/render-with-providers.tsx';
import { testList, testProduct } from '#client/test/products.ts';
import { selectCartItems } from '#client/features/cart/cart-selectors.ts';
import { CollectionPage } from './collection-page.tsx';
import { CollectionsOverview } from './collections-overview.tsx';

/** The shop slice as the overview's loader fills it: every collection, in catalogue order. */
const shop = { collections: Object.fromEntries(COLLECTION_IDS.map((id) => [id, COLLECTIONS[id]])) };

describe('CollectionsOverview', () => {
  it('previews every collection, title upper case, with only its first four items', () => {
    renderWithProviders(<CollectionsOverview />, { preloadedState: { shop } });
    const previews = screen.getAllByRole('region');
    expect(previews.map((p) => within(p).getByRole('heading').textContent)).toEqual([
      'HATS',
      'SNEAKERS',
      'JACKETS',
      'WOMENS',
      'MENS',
    ]);
    for (const preview of previews)
      expect(within(preview).getAllByRole('listitem')).toHaveLength(4);
    expect(within(previews[0]!).getByRole('link', { name: 'HATS' })).toHaveAttribute(
      'href',
      '/shop/hats',
    );
  });

  it('adds an item to the cart, by click or by keyboard', async () => {
    const { user, store } = renderWithProviders(<CollectionsOverview />, {
      preloadedState: { shop },
    });
    await user.click(screen.getByRole('button', { name: 'Add Brown Brim to cart' }));
    screen.getByRole('button', { name: 'Add Blue Beanie to cart' }).focus();
    await user.keyboard('{Enter}');
    expect(selectCartItems(store.getState()).map((l) => [l.name, l.quantity])).toEqual([
      ['Brown Brim', 1],
      ['Blue Beanie', 1],
    ]);
  });
});

const hats = testList(COLLECTIONS.hats.items.map((item) => testProduct(item.id)));

describe('CollectionPage', () => {
  it('shows the title and all items with name, price and image', () => {
    renderWithProviders(
      <CollectionPage title="Hats" list={hats} query={{ sort: 'featured', page: 1 }} />,
    );
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('HATS');
    expect(screen.getByText('9 products')).toBeInTheDocument();
    const items = screen.getAllByRole('listitem');
    expect(items).toHaveLength(9);
    expect(items[2]).toHaveTextContent('Brown Cowboy$35');
    const image = within(items[2]!).getByRole('img', { name: 'Brown Cowboy' });
    expect(image).toHaveAttribute('width', '320');
    expect(image).toHaveAttribute('height', '400');
  });

  it("links each item's name and picture to its page", () => {
    renderWithProviders(
      <CollectionPage title="Hats" list={hats} query={{ sort: 'featured', page: 1 }} />,
    );
    const card = screen.getAllByRole('listitem')[2]!;
    // The picture's link is the same link again, kept out of the tab order.
    const links = within(card).getAllByRole('link', { name: 'Brown Cowboy' });
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/shop/hats/3-brown-cowboy',
      '/shop/hats/3-brown-cowboy',
    ]);
    expect(links.map((link) => link.tabIndex)).toEqual([-1, 0]);
    expect(within(links[0]!).getByRole('img')).toHaveAccessibleName('Brown Cowboy');
  });

  it('says a new collection has nothing yet, and blames the filters only when there are some', () => {
    const { unmount } = renderWithProviders(
      <CollectionPage title="Scarves" list={testList([])} query={{ sort: 'featured', page: 1 }} />,
    );
    expect(screen.getByText('Nothing in this collection yet. Come back soon.')).toBeInTheDocument();
    unmount();
    renderWithProviders(
      <CollectionPage
        title="Scarves"
        list={testList([])}
        query={{ sort: 'featured', page: 1, minPrice: 0 }}
      />,
    );
    expect(
      screen.getByText('No products of this collection match these filters.'),
    ).toBeInTheDocument();
  });
});
