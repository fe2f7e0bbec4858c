import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { renderWithProviders } from '#client/test/render-with-providers.tsx';
import { testProduct } from '#client/test/products.ts';
import { selectCartItems } from '#client/features/cart/cart-selectors.ts';
import { ProductPage } from './product-page.tsx';

beforeAll(() => {
  // jsdom has <dialog> but not its modal methods; these do what the browser does with `open`
  // and the close event (the browser's own behaviour, focus and Escape, is in the e2e spec).
  HTMLDialogElement.prototype.showModal ??= function showModal(this: HTMLDialogElement) {
    this.open = true;
  };
  HTMLDialogElement.prototype.close ??= function close(this: HTMLDialogElement) {
    if (!this.open) return;
    this.open = false;
    this.dispatchEvent(new Event('close'));
  };
});

const brownBrim = testProduct(1, { stock: [5, 2, 0] });

const sizeGroup = () => screen.getByRole('group', { name: 'Size' });
const cartLines = (store: ReturnType<typeof renderWithProviders>['store']) =>
  selectCartItems(store.getState()).map((line) => [
    line.name,
    (line as { size?: string }).size,
    line.quantity,
  ]);

describe('ProductPage', () => {
  it('shows the picture, name, price and description', () => {
    renderWithProviders(<ProductPage product={brownBrim} collectionTitle="Hats" />);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Brown Brim');
    expect(screen.getByText('$25')).toBeInTheDocument();
    expect(screen.getByText('The Brown Brim, made to last.')).toBeInTheDocument();
    const image = screen.getByRole('img', { name: 'Brown Brim' });
    expect(image.getAttribute('srcset')).toContain('/images/items/brown-brim-640.jpg 640w');
    expect(image).toHaveAttribute('loading', 'eager');
  });

  it('marks its place in a breadcrumb, the product being the current page', () => {
    renderWithProviders(<ProductPage product={brownBrim} collectionTitle="Hats" />);
    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(
      within(crumbs)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      ['Home', '/'],
      ['Shop', '/shop'],
      ['Hats', '/shop/hats'],
    ]);
    expect(within(crumbs).getByText('Brown Brim')).toHaveAttribute('aria-current', 'page');
  });

  it('offers every size, a sold-out one disabled and a low one saying how few are left', () => {
    renderWithProviders(<ProductPage product={brownBrim} collectionTitle="Hats" />);
    const sizes = within(sizeGroup()).getAllByRole('radio');
    expect(sizes.map((radio) => radio.getAttribute('value'))).toEqual(['S', 'M', 'L']);
    expect(screen.getByRole('radio', { name: 'S' })).toBeEnabled();
    expect(screen.getByRole('radio', { name: 'M, Only 2 left' })).toBeEnabled();
    expect(screen.getByRole('radio', { name: 'L, Sold out' })).toBeDisabled();
  });

  it('says a size is missing instead of adding, then adds the size chosen by keyboard', async () => {
    const { user, store } = renderWithProviders(
      <ProductPage product={brownBrim} collectionTitle="Hats" />,
    );
    await user.click(screen.getByRole('button', { name: 'Choose a size' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Choose a size to add Brown Brim');
    expect(screen.getByRole('radio', { name: 'S' })).toHaveFocus();
    expect(cartLines(store)).toEqual([]);

    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('radio', { name: 'M, Only 2 left' })).toBeChecked();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add to cart' }));
    expect(cartLines(store)).toEqual([['Brown Brim', 'M', 1]]);
  });

  it('adds a one-size product at once, and offers nothing for a sold-out one', async () => {
    const { user, store, unmount } = renderWithProviders(
      <ProductPage
        product={testProduct(6, { sizeKind: null, stock: [4] })}
        collectionTitle="Hats"
      />,
    );
    expect(screen.queryByRole('group', { name: 'Size' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Size guide' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add to cart' }));
    expect(cartLines(store)).toEqual([['Palm Tree Cap', undefined, 1]]);
    unmount();

    renderWithProviders(
      <ProductPage product={testProduct(1, { stock: [0, 0, 0] })} collectionTitle="Hats" />,
    );
    expect(screen.getByRole('button', { name: 'Sold out' })).toBeDisabled();
  });

  it("opens the size guide of the garment's kind in a dialog, and gives focus back on closing", async () => {
    const { user } = renderWithProviders(
      <ProductPage
        product={testProduct(18, { collection: 'jackets', sizeKind: 'clothing' })}
        collectionTitle="Jackets"
      />,
    );
    const opener = screen.getByRole('button', { name: 'Size guide' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.click(opener);
    const dialog = screen.getByRole('dialog', { name: 'Size guide: Clothing' });
    expect(
      within(dialog)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Size', 'Chest', 'Waist', 'Hips']);
    expect(within(dialog).getByRole('row', { name: /^M / })).toHaveTextContent(
      'M93-100 cm36.6-39.4 in77-84 cm30.3-33.1 in99-104 cm39-40.9 in',
    );
    expect(within(dialog).getByRole('heading', { name: 'How to measure' })).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Close size guide' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });
});
