import type { Page } from '@playwright/test';
import { COLLECTION_IDS } from './support/catalogue.ts';
import {
  SHOP_PAGES,
  cartButton,
  cartDropdown,
  foreignRequests,
  loadAllImages,
  persistedRoot,
  seedStorage,
  storedLine,
  visit,
  watchPage,
  type PageProblems,
} from './support/shop.ts';
import { expect, test } from './support/test.ts';

const PAGES = SHOP_PAGES;
const UNKNOWN = ['/nope', '/shop/nope', '/shop/hats/extra'];

/** A cart with a line from every collection, as the shop itself would have stored it. */
const STORED_CART = persistedRoot([
  storedLine('Brown Brim', 2),
  storedLine('Adidas NMD', 1),
  storedLine('Tan Trench', 1),
  storedLine('Floral Dress', 3),
  storedLine('Camo Down Vest', 1),
]);

/** Looks at everything the page shows, lazy images and the cart dropdown included. */
async function lookAround(page: Page): Promise<void> {
  await loadAllImages(page);
  await cartButton(page).click();
  await expect(cartDropdown(page)).toBeVisible();
  const dropdownImages = cartDropdown(page).locator('img');
  await expect
    .poll(() =>
      dropdownImages.evaluateAll((list) =>
        list.every((image) => (image as HTMLImageElement).complete),
      ),
    )
    .toBe(true);
  await cartButton(page).click();
  await expect(cartDropdown(page)).toBeHidden();
}

function expectHealthy(problems: PageProblems, shopUrl: string, url: string): void {
  // Chromium itself logs the 404 status of an unknown page's document; that one is expected.
  const documentStatus = `Failed to load resource: the server responded with a status of 404 (Not Found) (at ${new URL(url, shopUrl).href})`;
  const consoleErrors = problems.consoleErrors.filter(
    (message) => !(UNKNOWN.includes(url) && message === documentStatus),
  );
  expect(problems.pageErrors, 'uncaught exceptions').toEqual([]);
  expect(consoleErrors, 'console errors').toEqual([]);
  expect(foreignRequests(problems.requests, shopUrl), 'requests to other hosts').toEqual([]);
}

for (const url of [...PAGES, ...UNKNOWN]) {
  test(`${url} logs no error and asks no other host, with an empty and a stored cart`, async ({
    page,
    baseURL,
  }) => {
    const problems = watchPage(page);
    await visit(page, url);
    await lookAround(page);
    expectHealthy(problems, baseURL ?? '', url);

    // The same page again, now with a cart to restore (a hydration mismatch would show here).
    // The cart is stored while no copy of the shop runs: a live page may still be writing its own.
    await page.goto('about:blank');
    await seedStorage(page, STORED_CART);
    await page.goto(url);
    await expect(cartButton(page)).toHaveAccessibleName('Cart, 8 items');
    await lookAround(page);
    expectHealthy(problems, baseURL ?? '', url);
  });
}

test('moving around the shop by its links logs no error and asks no other host', async ({
  page,
  baseURL,
}) => {
  const problems = watchPage(page);
  await seedStorage(page, STORED_CART);
  await visit(page, '/');
  const header = page.getByRole('banner');
  for (const { title } of [{ title: 'HATS' }, { title: 'MENS' }]) {
    await page.getByRole('link', { name: `${title} SHOP NOW`, exact: true }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
    await header.getByRole('link', { name: /home/i }).click();
    await expect(page).toHaveURL('/');
  }
  await header.getByRole('link', { name: 'SHOP', exact: true }).click();
  for (const id of COLLECTION_IDS) {
    await page.getByRole('main').getByRole('link', { name: id.toUpperCase(), exact: true }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(id.toUpperCase());
    await page.goBack();
    await expect(page).toHaveURL('/shop');
  }
  await header.getByRole('link', { name: 'CONTACT', exact: true }).click();
  await expect(page).toHaveURL('/contact');
  await header.getByRole('link', { name: 'SIGN IN', exact: true }).click();
  await expect(page).toHaveURL('/signin');
  await cartButton(page).click();
  await page.getByRole('button', { name: 'GO TO CHECKOUT' }).click();
  await expect(page).toHaveURL('/checkout');
  await loadAllImages(page);
  expectHealthy(problems, baseURL ?? '', '/checkout');
});
