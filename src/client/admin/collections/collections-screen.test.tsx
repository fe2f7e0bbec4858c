import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminCollection } from '#shared/catalogue-admin.ts';
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

const STAFF = {
  'GET /api/admin/me': {
    body: { id: 'u2', email: 'sam@example.com', role: 'staff', shopName: 'Hat Hut' },
  },
};
const collection = (id: number, title: string, position: number, tilePosition: number) =>
  ({
    id,
    title,
    routeName: title.toLowerCase(),
    imageUrl: `/images/sections/${title.toLowerCase()}`,
    size: null,
    position,
    tilePosition,
    products: id,
  }) satisfies AdminCollection;

describe('collections', () => {
  it('move up and down in either order, keeping focus on the moved one', async () => {
    const user = userEvent.setup();
    let list = [
      collection(1, 'Hats', 1, 1),
      collection(2, 'Jackets', 2, 3),
      collection(3, 'Mens', 3, 2),
    ];
    const api = stubApi({
      ...STAFF,
      'GET /api/admin/collections': () => ({ body: { collections: list } }),
      'PUT /api/admin/collection-order': () => {
        list = [
          collection(2, 'Jackets', 1, 3),
          collection(1, 'Hats', 2, 1),
          collection(3, 'Mens', 3, 2),
        ];
        return { body: { overview: [2, 1, 3], directory: [1, 3, 2] } };
      },
    });
    renderBackOffice('/collections');
    const table = await screen.findByRole('table', { name: /shop overview’s order/ });
    expect(within(table).getByRole('button', { name: 'Move Hats up in the shop' })).toBeDisabled();
    await user.click(within(table).getByRole('button', { name: 'Move Jackets up in the shop' }));
    expect(api.sentTo('PUT /api/admin/collection-order')).toEqual([{ overview: [2, 1, 3] }]);
    expect(
      await screen.findByText('Jackets is now number 1 of 3 in the shop overview.'),
    ).toBeVisible();
    await vi.waitFor(() =>
      expect(screen.getByRole('button', { name: 'Move Jackets down in the shop' })).toHaveFocus(),
    );
    expect(
      within(table)
        .getAllByRole('rowheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Jackets', 'Hats', 'Mens']);

    // The home page's tiles have their own order.
    const tiles = screen.getByRole('region', { name: 'Home page tiles' });
    expect(
      within(tiles)
        .getAllByRole('listitem')
        .map((item) => item.firstChild?.textContent),
    ).toEqual(['Hats', 'Mens', 'Jackets']);
    await user.click(
      within(tiles).getByRole('button', { name: 'Move Mens down on the home page' }),
    );
    expect(api.sentTo('PUT /api/admin/collection-order').at(-1)).toEqual({
      directory: [1, 2, 3],
    });
  });

  it('are renamed with a new address, and the answer says where the old one leads', async () => {
    const user = userEvent.setup();
    let answer = apiFailure(409, 'ROUTE_TAKEN', 'The collection Mens is at /shop/mens already.');
    const api = stubApi({
      ...STAFF,
      'GET /api/admin/collections': { body: { collections: [collection(1, 'Hats', 1, 1)] } },
      'PATCH /api/admin/collections/1': () => answer,
    });
    renderBackOffice('/collections');
    await user.click(await screen.findByRole('button', { name: 'Rename Hats' }));
    const form = screen.getByRole('form', { name: 'Rename Hats' });
    expect(within(form).getByLabelText('Title')).toHaveFocus();
    await user.clear(within(form).getByLabelText('Title'));
    await user.type(within(form).getByLabelText('Title'), 'Caps');
    await user.clear(within(form).getByLabelText('Address'));
    await user.type(within(form).getByLabelText('Address'), 'mens');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The collection Mens is at /shop/mens already.')).toBeVisible();

    answer = { body: { ...collection(1, 'Caps', 1, 1), routeName: 'caps' } };
    await user.clear(within(form).getByLabelText('Address'));
    await user.type(within(form).getByLabelText('Address'), 'caps');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText('Saved Caps. /shop/hats now leads to /shop/caps.'),
    ).toBeVisible();
    expect(api.sentTo('PATCH /api/admin/collections/1').at(-1)).toEqual({
      title: 'Caps',
      routeName: 'caps',
      imageUrl: '/images/sections/hats',
    });
  });

  it('are added with an address made from the title unless changed', async () => {
    const user = userEvent.setup();
    const api = stubApi({
      ...STAFF,
      'GET /api/admin/collections': { body: { collections: [collection(1, 'Hats', 1, 1)] } },
      'POST /api/admin/collections': {
        status: 201,
        body: { ...collection(6, 'Summer Scarves', 2, 2), routeName: 'summer-scarves' },
      },
    });
    renderBackOffice('/collections');
    const form = await screen.findByRole('region', { name: 'Add a collection' });
    await user.type(within(form).getByLabelText('Title'), 'Summer Scarves');
    expect(within(form).getByLabelText('Address')).toHaveValue('summer-scarves');
    await user.click(within(form).getByLabelText('Large tile'));
    const tile = '/images/uploads/0123456789abcdef0123456789abcdef';
    await user.upload(
      within(form).getByLabelText('Tile picture (optional)'),
      new File([new Uint8Array(64)], 'tile.png', { type: 'image/png' }),
    );
    await FakeRequest.made[0]?.answer(201, { imageUrl: tile });
    expect(await within(form).findByText('tile.png uploaded.')).toBeVisible();
    await user.click(within(form).getByRole('button', { name: 'Add collection' }));
    expect(
      await screen.findByText(
        'Summer Scarves is at /shop/summer-scarves, with a tile on the home page.',
      ),
    ).toBeVisible();
    expect(api.sentTo('POST /api/admin/collections')).toEqual([
      { title: 'Summer Scarves', routeName: 'summer-scarves', imageUrl: tile, size: 'large' },
    ]);
    // The form is empty again, its picture field too (it said "tile.png uploaded." before).
    expect(within(form).getByLabelText('Title')).toHaveValue('');
    expect(within(form).queryByText('tile.png uploaded.')).toBeNull();
    expect(within(form).getByText('No picture yet.')).toBeVisible();
  });
});
