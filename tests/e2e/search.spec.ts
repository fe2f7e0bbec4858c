import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { CATALOGUE } from './support/catalogue.ts';
import { main, visit } from './support/shop.ts';
import { expect, test } from './support/test.ts';

// Issue 13: the header's search box, the search page, and sorting, filters and pages that live in
// the URL (docs/decisions/036).

const HAT_NAMES = CATALOGUE.hats.map((item) => item.name);

const searchBox = (page: Page): Locator =>
  page.getByRole('banner').getByRole('searchbox', { name: 'Search the shop' });

/** The names on the listing's product cards, in order. */
const cardNames = (page: Page): Promise<string[]> =>
  main(page).getByRole('listitem').locator('.collection-item__name').allTextContents();

/** The listing's prices in cents, in order, from the cards' `$25` texts. */
const cardPrices = async (page: Page): Promise<number[]> =>
  (await main(page).locator('.collection-item__price').allTextContents()).map((text) =>
    Math.round(Number(text.replace(/[$,]/g, '')) * 100),
  );

for (const width of [320, 1280]) {
  test(`at ${width} px the header's search box finds the hats, whatever the case, plural or typo`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 800 });
    await visit(page, '/');
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
      'the page does not scroll sideways',
    ).toBe(true);
    const box = await searchBox(page).boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= width && box.height >= 44).toBe(true);

    for (const words of ['hat', 'Hats', 'hatt']) {
      await searchBox(page).fill(words);
      await searchBox(page).press('Enter');
      await expect(page).toHaveURL(`/search?q=${words}`);
      await expect(main(page).getByRole('heading', { level: 1 })).toContainText(words);
      await expect(main(page).getByText(/^\d+ products?$/)).toBeVisible();
      const names = await cardNames(page);
      expect(names, words).toEqual(expect.arrayContaining(HAT_NAMES));
      await expect(searchBox(page)).toHaveValue(words);
    }
  });
}

test('the search works without JavaScript, and says so when nothing matched', async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/');
  await searchBox(page).fill('beanie');
  await searchBox(page).press('Enter');
  await expect(page).toHaveURL('/search?q=beanie');
  expect(await cardNames(page)).toEqual(
    expect.arrayContaining(['Blue Beanie', 'Green Beanie', 'Red Beanie']),
  );

  const response = await page.goto('/search?q=zzqqxx');
  expect(response?.status()).toBe(200);
  await expect(main(page).getByText(/No products matched “zzqqxx”/)).toBeVisible();
  await expect(main(page).getByRole('listitem')).toHaveCount(0);
  await context.close();
});

test('a search page may be indexed: its canonical address is its words and page, without sort or filters', async ({
  page,
}) => {
  await visit(page, '/search?sort=price-asc&q=hat&size=M');
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
    'href',
    new URL('/search?q=hat', page.url()).href,
  );
  await expect(page.locator('meta[name="robots"]')).toHaveCount(0);
});

test.describe('on a 390 px phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('sort by price and filter by size on /shop/hats: reload and Back keep the choice', async ({
    page,
  }) => {
    await visit(page, '/shop/hats');
    await expect(main(page).getByRole('heading', { level: 1 })).toHaveText('HATS');
    expect(await cardNames(page)).toEqual(HAT_NAMES);
    const ascending = (await cardPrices(page)).sort((a, b) => a - b);
    expect(ascending).toHaveLength(HAT_NAMES.length);

    const form = main(page).getByRole('form', { name: 'Sort and filter' });
    await form.getByLabel('Sort by').selectOption({ label: 'Price: low to high' });
    await form.getByRole('button', { name: 'Apply' }).click();
    await expect(page).toHaveURL('/shop/hats?sort=price-asc');
    // The address changes at once and the listing once its data is in: polled (a busy machine
    // read the unsorted cards right after the address changed).
    await expect.poll(() => cardPrices(page)).toEqual(ascending);

    await form.getByLabel('Size in stock').selectOption('S');
    await form.getByRole('button', { name: 'Apply' }).click();
    await expect(page).toHaveURL('/shop/hats?sort=price-asc&size=S');
    // Brown Brim is sold out in S (the seed's fixed stock).
    await expect(main(page).getByRole('link', { name: 'Brown Brim', exact: true })).toHaveCount(0);
    const filtered = await cardNames(page);
    expect(filtered.length).toBeLessThan(HAT_NAMES.length);

    await page.reload();
    await expect(form.getByLabel('Sort by')).toHaveValue('price-asc');
    await expect(form.getByLabel('Size in stock')).toHaveValue('S');
    expect(await cardNames(page)).toEqual(filtered);

    // Back changes the address at once and the listing once its data is in: polled.
    await page.goBack();
    await expect(page).toHaveURL('/shop/hats?sort=price-asc');
    await expect(form.getByLabel('Size in stock')).toHaveValue('');
    await expect.poll(() => cardPrices(page)).toEqual(ascending);
    await page.goBack();
    await expect(page).toHaveURL('/shop/hats');
    await expect.poll(() => cardNames(page)).toEqual(HAT_NAMES);
  });

  test('the search page has no accessibility violations', async ({ page }) => {
    await visit(page, '/search?q=hat&sort=price-desc');
    await expect(main(page).getByRole('listitem').first()).toBeVisible();
    const results = await new AxeBuilder({ page }).analyze();
    expect(results.passes.length).toBeGreaterThan(10);
    expect(results.violations.map(({ id, nodes }) => `${id}: ${nodes.length}`)).toEqual([]);
  });
});
