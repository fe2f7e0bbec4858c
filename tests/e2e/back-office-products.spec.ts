import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { signInThroughForm } from './support/accounts.ts';
import {
  axeViolations,
  backOffice,
  createOwner,
  newPage,
  watchPolicy,
} from './support/back-office.ts';
import { startShop, type RunningShop } from './support/shop-server.ts';
import { main, visit } from './support/shop.ts';
import { expect, test } from './support/test.ts';

/**
 * Issue 14: an owner adds a product with sizes and stock in /admin and finds it in the shop (its
 * collection, its page, search), then archives it and it is gone. A shop of its own, so no other
 * spec sees the new product or the collections' new order.
 */

let shop: RunningShop;

test.beforeAll(async () => {
  shop = await startShop();
});

test.afterAll(async () => {
  await shop?.stop();
});

const searchBox = (page: Page) =>
  page.getByRole('banner').getByRole('searchbox', { name: 'Search the shop' });
const cardNames = (page: Page) =>
  main(page).getByRole('listitem').locator('.collection-item__name').allTextContents();

/** The page does not scroll sideways at its width (tablets included). */
const fitsWidth = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

for (const width of [1280, 820]) {
  test(`an owner adds a product with sizes and stock, finds it in the shop, and archives it (${width} px)`, async ({
    browser,
  }) => {
    test.slow();
    const name = `Heather Scarf ${width}`;
    const email = await createOwner(shop);
    const owner = await newPage(browser, width, shop.url);
    const policy = watchPolicy(owner);
    await signInThroughForm(owner, email);
    await owner.goto('/admin');
    await backOffice(owner).getByRole('link', { name: 'Products' }).click();
    await expect(owner.getByRole('heading', { level: 1, name: 'Products' })).toBeVisible();
    await expect(owner.getByRole('row', { name: /Brown Brim/ })).toBeVisible();
    expect(await axeViolations(owner)).toEqual([]);
    expect(await fitsWidth(owner)).toBe(true);

    await owner.getByRole('link', { name: 'Add a product' }).click();
    await expect(owner.getByRole('heading', { level: 1, name: 'Add a product' })).toBeVisible();
    await owner.getByLabel('Name').fill(name);
    await owner.getByLabel('Description').fill('A long scarf of soft heather wool.');
    await owner.getByLabel('Price in dollars').fill('42.50');
    await owner.getByLabel('Collection').selectOption({ label: 'Hats' });
    await owner.getByLabel('Colour').fill('grey');
    // A picture from the owner's computer, encoded by the shop (ADR 046).
    await owner.getByLabel('Picture', { exact: true }).setInputFiles({
      name: 'scarf.png',
      mimeType: 'image/png',
      buffer: await sharp({
        create: { width: 800, height: 1000, channels: 3, background: { r: 120, g: 110, b: 130 } },
      })
        .png()
        .toBuffer(),
    });
    await expect(owner.getByText('scarf.png uploaded.')).toBeVisible({ timeout: 30_000 });
    await owner.getByLabel('Sized as').selectOption('hat');
    await owner.getByLabel('Stock of S').fill('3');
    await owner.getByLabel('Stock of M').fill('0');
    await owner.getByLabel('Stock of L').fill('5');
    expect(await axeViolations(owner)).toEqual([]);
    expect(await fitsWidth(owner)).toBe(true);
    await owner.getByRole('button', { name: 'Add product' }).click();
    await expect(
      owner.getByRole('status').filter({ hasText: `${name} is on sale.` }),
    ).toBeVisible();
    await expect(owner.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(owner).toHaveURL(/\/admin\/products\/\d+$/);
    const adminUrl = owner.url();

    // The shop shows it at once: its page, first in its collection, and in search.
    await owner.getByRole('link', { name: 'see it in the shop' }).click();
    await expect(owner).toHaveURL(/\/shop\/hats\/\d+-heather-scarf-\d+$/);
    const productUrl = owner.url();
    await expect(main(owner).getByRole('heading', { level: 1 })).toHaveText(name);
    await expect(main(owner).getByText('$42.50', { exact: true })).toBeVisible();
    await expect(main(owner).getByRole('img', { name })).toHaveAttribute(
      'src',
      /^\/images\/uploads\/[0-9a-f]{32}-\d+\.jpg$/,
    );
    const sizes = main(owner).getByRole('group', { name: 'Size' });
    await expect(sizes.getByRole('radio')).toHaveCount(3);
    await expect(sizes.getByRole('radio', { name: 'M, Sold out' })).toBeDisabled();
    await expect(sizes.getByRole('radio', { name: 'S, Only 3 left' })).toBeEnabled();

    await visit(owner, '/shop/hats');
    expect((await cardNames(owner))[0]).toBe(name);
    await searchBox(owner).fill('heather scarf');
    await searchBox(owner).press('Enter');
    await expect(owner).toHaveURL(/\/search\?/);
    await expect.poll(() => cardNames(owner)).toContain(name);

    // A new price, saved at the foot of the long form: the owner sees it was saved (the
    // message is brought into view), and the shop charges it at once.
    await owner.goto(adminUrl);
    await owner.getByLabel('Price in dollars').fill('39.00');
    await owner.getByRole('button', { name: 'Save changes' }).click();
    await expect(owner.getByText('Saved. The shop shows the change now.')).toBeInViewport();
    await owner.goto(productUrl);
    await expect(main(owner).getByText('$39', { exact: true })).toBeVisible();

    // Archived after a question, it is gone from the shop.
    await owner.goto(adminUrl);
    await owner.getByRole('button', { name: `Archive ${name}` }).click();
    await expect(owner.getByRole('button', { name: 'Yes, archive' })).toBeFocused();
    await owner.keyboard.press('Enter');
    await expect(
      owner.getByRole('status').filter({ hasText: `${name} is archived.` }),
    ).toBeVisible();

    expect((await owner.goto(productUrl))?.status()).toBe(404);
    await visit(owner, '/shop/hats');
    expect(await cardNames(owner)).not.toContain(name);
    await visit(owner, `/search?q=${encodeURIComponent('heather scarf')}`);
    expect(await cardNames(owner)).not.toContain(name);

    // The back office still has it, among the archived products.
    await owner.goto('/admin/products');
    const filters = owner.getByRole('search', { name: 'Filter products' });
    await filters.getByLabel('Name').fill('heather');
    await filters.getByLabel('Status').selectOption('archived');
    await filters.getByRole('button', { name: 'Show products' }).click();
    await expect(owner).toHaveURL(/\/admin\/products\?q=heather&state=archived/);
    await expect(owner.getByRole('row', { name: new RegExp(name) })).toContainText('Archived');
    expect(policy).toEqual([]);
    await owner.context().close();
  });
}

test('collections are reordered by keyboard at tablet width, and the shop follows', async ({
  browser,
}) => {
  test.slow();
  const email = await createOwner(shop);
  const owner = await newPage(browser, 820, shop.url);
  await signInThroughForm(owner, email);
  await owner.goto('/admin/collections');
  const table = owner.getByRole('table', { name: /shop overview’s order/ });
  await expect(table).toBeVisible();
  expect(await axeViolations(owner)).toEqual([]);
  expect(await fitsWidth(owner)).toBe(true);

  const titles = () => table.getByRole('rowheader').allTextContents();
  const before = await titles();
  const first = before[0] ?? '';
  await table.getByRole('button', { name: `Move ${first} down in the shop` }).focus();
  await owner.keyboard.press('Enter');
  await expect(owner.getByText(`${first} is now number 2`)).toBeVisible();
  await expect(table.getByRole('button', { name: `Move ${first} down in the shop` })).toBeFocused();
  expect(await titles()).toEqual([before[1], first, ...before.slice(2)]);

  await visit(owner, '/shop');
  await expect(main(owner).getByRole('heading', { level: 2 }).nth(1)).toHaveText(
    new RegExp(first, 'i'),
  );

  // The home page's tiles have an order of their own; its title names them in that order.
  await visit(owner, '/');
  await expect(owner).toHaveTitle(/^Hats, jackets, sneakers, womens and mens \| /);
  await owner.goto('/admin/collections');
  await owner.getByRole('button', { name: 'Move Hats down on the home page' }).click();
  await expect(owner.getByText('Hats is now number 2 of 5 in the home directory.')).toBeVisible();
  await visit(owner, '/');
  await expect(owner).toHaveTitle(/^Jackets, hats, sneakers, womens and mens \| /);
  await expect(main(owner).getByRole('link').first()).toContainText(/jackets/i);
  await owner.context().close();
});
