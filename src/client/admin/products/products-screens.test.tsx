import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminCollection, AdminProduct, AdminProductList } from '#shared/catalogue-admin.ts';
import { apiFailure, stubApi } from '#client/test/stub-api.ts';
import { FakeRequest } from '#client/admin/test/fake-request.ts';
import { renderBackOffice } from '#client/admin/test/render-back-office.tsx';

beforeEach(() => {
  FakeRequest.made = [];
  vi.stubGlobal('XMLHttpRequest', FakeRequest);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const UPLOADED = '/images/uploads/0123456789abcdef0123456789abcdef';

const STAFF = {
  'GET /api/admin/me': {
    body: { id: 'u2', email: 'sam@example.com', role: 'staff', shopName: 'Hat Hut' },
  },
};
const COLLECTIONS: { collections: AdminCollection[] } = {
  collections: [
    {
      id: 1,
      title: 'Hats',
      routeName: 'hats',
      imageUrl: '/images/sections/hats',
      size: null,
      position: 1,
      tilePosition: 1,
      products: 9,
    },
    {
      id: 2,
      title: 'Sneakers',
      routeName: 'sneakers',
      imageUrl: '/images/sections/sneakers',
      size: null,
      position: 2,
      tilePosition: 3,
      products: 8,
    },
  ],
};
const BRIM: AdminProduct = {
  id: 1,
  name: 'Brown Brim',
  description: 'A brown brim.',
  price: 2500,
  collection: 'hats',
  imageUrl: '/images/items/brown-brim',
  colour: 'brown',
  sizeKind: 'hat',
  sizes: [
    { size: 'S', stock: 2 },
    { size: 'M', stock: 0 },
    { size: 'L', stock: 7 },
  ],
  archived: false,
  createdAt: '2026-01-01T00:00:00.000Z',
};
const page = (products: AdminProduct[], total = products.length): AdminProductList => ({
  products,
  total,
  page: 1,
  pageSize: 50,
});

describe('the product list', () => {
  it('keeps the search and filters in the address, and asks the API with them', async () => {
    const user = userEvent.setup();
    const api = stubApi({
      ...STAFF,
      'GET /api/admin/collections': { body: COLLECTIONS },
      'GET /api/admin/products': { body: page([]) },
      'GET /api/admin/products?q=brim&collection=hats&state=all&stock=low': {
        body: page([BRIM], 51),
      },
      'GET /api/admin/products?q=brim&collection=hats&state=all&stock=low&page=2': {
        body: page([]),
      },
    });
    renderBackOffice('/products');
    expect(await screen.findByText('No products match.')).toHaveRole('status');
    const filters = screen.getByRole('search', { name: 'Filter products' });
    await user.type(within(filters).getByLabelText('Name'), ' brim ');
    await within(filters).findByRole('option', { name: 'Hats' });
    await user.selectOptions(within(filters).getByLabelText('Collection'), 'hats');
    await user.selectOptions(within(filters).getByLabelText('Status'), 'all');
    await user.selectOptions(within(filters).getByLabelText('Stock'), 'low');
    await user.click(within(filters).getByRole('button', { name: 'Show products' }));
    expect(screen.getByTestId('address')).toHaveTextContent(
      '/products?q=brim&collection=hats&state=all&stock=low',
    );
    const row = await screen.findByRole('row', { name: /Brown Brim/ });
    expect(row).toHaveTextContent('$25');
    expect(row).toHaveTextContent('S 2 · M 0 · L 7');
    expect(row).toHaveTextContent('On sale');
    expect(within(row).getByRole('link', { name: 'Brown Brim' })).toHaveAttribute(
      'href',
      '/products/1',
    );
    await user.click(screen.getByRole('link', { name: 'Next page' }));
    expect(api.calls.at(-1)?.path).toBe(
      '/api/admin/products?q=brim&collection=hats&state=all&stock=low&page=2',
    );
  });

  it('archives a product only once asked, with the question focused, and says so', async () => {
    const user = userEvent.setup();
    let archived = false;
    const api = stubApi({
      ...STAFF,
      'GET /api/admin/collections': { body: COLLECTIONS },
      'GET /api/admin/products': () => ({ body: page(archived ? [] : [BRIM]) }),
      'POST /api/admin/products/1/archive': () => {
        archived = true;
        return { body: { ...BRIM, archived: true } };
      },
    });
    renderBackOffice('/products');
    await user.click(await screen.findByRole('button', { name: 'Archive Brown Brim' }));
    const question = screen.getByRole('group', { name: /Archive Brown Brim\?/ });
    await user.click(within(question).getByRole('button', { name: 'Cancel' }));
    expect(api.sentTo('POST /api/admin/products/1/archive')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Archive Brown Brim' }));
    expect(screen.getByRole('button', { name: 'Yes, archive' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(await screen.findByText('Brown Brim is archived.')).toBeInTheDocument();
    expect(api.sentTo('POST /api/admin/products/1/archive')).toHaveLength(1);
    expect(await screen.findByText('No products match.')).toBeInTheDocument();
  });
});

describe('the product form', () => {
  it('adds a product with its sizes and stock, the price in whole cents, and opens its page', async () => {
    const user = userEvent.setup();
    const made: AdminProduct = {
      ...BRIM,
      id: 36,
      name: 'Wool Scarf',
      price: 4250,
      sizeKind: 'clothing',
      collection: 'sneakers',
    };
    const api = stubApi({
      ...STAFF,
      'GET /api/admin/collections': { body: COLLECTIONS },
      'POST /api/admin/products': { status: 201, body: made },
      'GET /api/admin/products/36': { body: made },
    });
    renderBackOffice('/products/new');
    await user.type(await screen.findByLabelText('Name'), 'Wool Scarf');
    await user.type(screen.getByLabelText('Description'), 'Soft.');
    await user.type(screen.getByLabelText('Price in dollars'), '42.5');
    await screen.findByRole('option', { name: 'Sneakers' });
    await user.selectOptions(screen.getByLabelText('Collection'), 'sneakers');
    await user.type(screen.getByLabelText('Colour'), 'grey');
    await user.click(screen.getByRole('button', { name: 'Add product' }));
    expect(await screen.findByText('Choose a picture of the product.')).toBeVisible();
    await user.upload(
      screen.getByLabelText('Picture'),
      new File([new Uint8Array(64)], 'scarf.png', { type: 'image/png' }),
    );
    await FakeRequest.made[0]?.answer(201, { imageUrl: UPLOADED });
    expect(screen.getByLabelText('Sized as')).toHaveValue('clothing');
    await user.type(screen.getByLabelText('Stock of S'), '4');
    await user.type(screen.getByLabelText('Stock of XL'), '1');
    await user.click(screen.getByRole('button', { name: 'Add product' }));

    expect(await screen.findByText('Wool Scarf is on sale.')).toHaveRole('paragraph');
    expect(screen.getByTestId('address')).toHaveTextContent('/products/36');
    expect(api.sentTo('POST /api/admin/products')).toEqual([
      {
        name: 'Wool Scarf',
        description: 'Soft.',
        price: 4250,
        collection: 'sneakers',
        imageUrl: UPLOADED,
        colour: 'grey',
        sizeKind: 'clothing',
        sizes: [
          { size: 'XS', stock: 0 },
          { size: 'S', stock: 4 },
          { size: 'M', stock: 0 },
          { size: 'L', stock: 0 },
          { size: 'XL', stock: 1 },
        ],
      },
    ]);
  });

  it('edits a product, shows the API’s refusal where it is typed, keeps the stock of sizes a new kind shares', async () => {
    const user = userEvent.setup();
    let answer = apiFailure(400, 'VALIDATION_ERROR', 'There is no collection "x".');
    const api = stubApi({
      ...STAFF,
      'GET /api/admin/collections': { body: COLLECTIONS },
      'GET /api/admin/products/1': { body: BRIM },
      'PATCH /api/admin/products/1': () => answer,
    });
    renderBackOffice('/products/1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Brown Brim' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'see it in the shop' })).toHaveAttribute(
      'href',
      '/shop/hats/1-brown-brim',
    );
    const price = screen.getByLabelText('Price in dollars');
    expect(price).toHaveValue('25');
    await user.clear(price);
    await user.type(price, 'twelve');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(
      await screen.findByText('Give the price in dollars, such as 42 or 42.50.'),
    ).toBeVisible();
    expect(api.sentTo('PATCH /api/admin/products/1')).toHaveLength(0);

    await user.clear(price);
    await user.type(price, '31');
    await user.selectOptions(screen.getByLabelText('Sized as'), 'clothing');
    expect(screen.getByLabelText('Stock of L')).toHaveValue(7);
    expect(screen.getByLabelText('Stock of XS')).toHaveValue(null);
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('There is no collection "x".')).toBeVisible();
    expect(price).toHaveValue('31');

    answer = { body: { ...BRIM, price: 3100 } };
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Saved. The shop shows the change now.')).toBeVisible();
    expect(api.sentTo('PATCH /api/admin/products/1').at(-1)).toMatchObject({
      price: 3100,
      sizeKind: 'clothing',
      sizes: [
        { size: 'XS', stock: 0 },
        { size: 'S', stock: 2 },
        { size: 'M', stock: 0 },
        { size: 'L', stock: 7 },
        { size: 'XL', stock: 0 },
      ],
    });
  });

  it('archives from the product page after a question, then offers to put it back on sale', async () => {
    const user = userEvent.setup();
    stubApi({
      ...STAFF,
      'GET /api/admin/collections': { body: COLLECTIONS },
      'GET /api/admin/products/1': { body: BRIM },
      'POST /api/admin/products/1/archive': { body: { ...BRIM, archived: true } },
      'POST /api/admin/products/1/restore': { body: BRIM },
    });
    renderBackOffice('/products/1');
    await user.click(await screen.findByRole('button', { name: 'Archive Brown Brim' }));
    await user.click(screen.getByRole('button', { name: 'Yes, archive' }));
    expect(await screen.findByText('Brown Brim is archived.')).toBeVisible();
    expect(screen.getByText('Archived: not in the shop. Orders still show it.')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Put Brown Brim back on sale' }));
    expect(await screen.findByText('Brown Brim is on sale again.')).toBeVisible();
    expect(screen.getByRole('link', { name: 'see it in the shop' })).toBeVisible();
  });
});
