import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { cartButton, cartDropdown, main, visit } from './support/shop.ts';
import { expect, test } from './support/test.ts';

// Issue 13: a page for every product (docs/decisions/036). The seed gives Brown Brim a sold-out
// S; the run's set-up raises every other size's stock (so "Only N left" is the unit tests').

const BRIM_PATH = '/shop/hats/1-brown-brim';

const SCREENS = [
  { name: 'a phone', viewport: { width: 390, height: 844 } },
  { name: 'a laptop', viewport: { width: 1280, height: 800 } },
];

const sizeGroup = (page: Page) => main(page).getByRole('group', { name: 'Size' });
const sizeGuideButton = (page: Page) => main(page).getByRole('button', { name: 'Size guide' });

for (const screen of SCREENS) {
  test.describe(`on ${screen.name}`, () => {
    test.use({ viewport: screen.viewport });

    test('a product opens from its collection, with its sizes, and adds the size chosen', async ({
      page,
    }) => {
      await visit(page, '/shop/hats');
      await main(page).getByRole('link', { name: 'Brown Brim', exact: true }).last().click();
      await expect(page).toHaveURL(BRIM_PATH);
      await expect(main(page).getByRole('heading', { level: 1 })).toHaveText('Brown Brim');
      await expect(main(page).getByText('$25', { exact: true })).toBeVisible();
      await expect(main(page).getByRole('img', { name: 'Brown Brim' })).toBeVisible();

      const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
      await expect(crumbs.getByRole('link')).toHaveText(['Home', 'Shop', 'Hats']);
      await expect(crumbs.locator('[aria-current="page"]')).toHaveText('Brown Brim');

      await expect(sizeGroup(page).getByRole('radio')).toHaveCount(3);
      await expect(sizeGroup(page).getByRole('radio', { name: 'S, Sold out' })).toBeDisabled();
      await expect(sizeGroup(page).getByRole('radio', { name: 'M', exact: true })).toBeEnabled();

      // Nothing is added until a size is chosen, and the button says so.
      await main(page).getByRole('button', { name: 'Choose a size' }).click();
      await expect(main(page).getByRole('alert')).toHaveText(/Choose a size/);
      await expect(sizeGroup(page).getByRole('radio', { name: 'M', exact: true })).toBeFocused();
      await sizeGroup(page).getByRole('radio', { name: 'L', exact: true }).click();
      await expect(sizeGroup(page).getByRole('radio', { name: 'L', exact: true })).toBeChecked();
      await main(page).getByRole('button', { name: 'Add to cart' }).click();

      await expect(cartButton(page)).toHaveAccessibleName('Cart, 1 item');
      await cartButton(page).click();
      const line = cartDropdown(page).getByRole('listitem');
      await expect(line).toHaveCount(1);
      await expect(line).toContainText('Brown Brim');
      await expect(line).toContainText('1 x $25');
      await expect(line).toContainText('Size L');
    });

    test('the size guide opens and closes by keyboard, keeping focus inside', async ({ page }) => {
      await visit(page, BRIM_PATH);
      await sizeGuideButton(page).focus();
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog', { name: 'Size guide: Hats' });
      await expect(dialog).toBeVisible();
      await expect(dialog.getByRole('columnheader')).toHaveText(['Size', 'Head circumference']);
      await expect(dialog.getByRole('row', { name: /^M / })).toContainText('cm');
      await expect(dialog.getByRole('row', { name: /^M / })).toContainText('in');
      await expect(dialog.getByRole('heading', { name: 'How to measure' })).toBeVisible();
      if (screen.viewport.width < 400) {
        const box = await dialog.boundingBox();
        expect((box?.x ?? -1) >= 0 && (box?.x ?? 0) + (box?.width ?? 0) <= 390).toBe(true);
      }

      for (let press = 0; press < 4; press += 1) {
        await page.keyboard.press(press % 2 ? 'Shift+Tab' : 'Tab');
        expect(
          await dialog.evaluate((element) => element.contains(document.activeElement)),
          'focus stays in the dialog',
        ).toBe(true);
      }
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
      await expect(sizeGuideButton(page)).toBeFocused();
    });
  });
}

test('the page has its own title, description, canonical address and product data', async ({
  page,
}) => {
  await visit(page, BRIM_PATH);
  await expect(page).toHaveTitle('Brown Brim | CRWN Clothing');
  await expect(page.locator('meta[name="description"]')).toHaveAttribute(
    'content',
    /brown felt hat/i,
  );
  const canonical = await page.locator('link[rel="canonical"]').getAttribute('href');
  expect(new URL(canonical ?? '').pathname).toBe(BRIM_PATH);

  const data = JSON.parse(
    (await page.locator('script[type="application/ld+json"]').textContent()) ?? 'null',
  ) as {
    '@type': string;
    name: string;
    offers: { name: string; price: string; availability: string }[];
  };
  expect(data['@type']).toBe('Product');
  expect(data.name).toBe('Brown Brim');
  expect(data.offers.map((offer) => [offer.name, offer.price])).toEqual([
    ['S', '25.00'],
    ['M', '25.00'],
    ['L', '25.00'],
  ]);
  expect(data.offers[0]?.availability).toBe('https://schema.org/OutOfStock');
  expect(data.offers[2]?.availability).toBe('https://schema.org/InStock');
});

test('a wrong word part goes to the canonical address; an unknown product is not found', async ({
  page,
}) => {
  const moved = await page.goto('/shop/hats/1-old-name?ref=mail');
  expect(moved?.status()).toBe(200);
  await expect(page).toHaveURL(`${BRIM_PATH}?ref=mail`);
  await expect(main(page).getByRole('heading', { level: 1 })).toHaveText('Brown Brim');

  for (const path of ['/shop/hats/999-nothing', '/shop/sneakers/1-brown-brim', '/shop/hats/x']) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(404);
    await expect(main(page).getByRole('heading', { level: 1 }), path).toHaveText('Page not found');
  }
});

test("a cart line leads to its product's page", async ({ page }) => {
  await visit(page, '/shop/hats');
  await main(page).getByRole('button', { name: 'Add Wolf Cap to cart' }).click();
  await cartButton(page).click();
  await cartDropdown(page).getByRole('link', { name: 'Wolf Cap' }).click();
  await expect(page).toHaveURL('/shop/hats/8-wolf-cap');
  await expect(main(page).getByRole('heading', { level: 1 })).toHaveText('Wolf Cap');
  await expect(cartDropdown(page)).toBeHidden();
});

test('the product page, with its size guide open, has no accessibility violations', async ({
  page,
}) => {
  await visit(page, BRIM_PATH);
  for (const open of [false, true]) {
    if (open) {
      await sizeGuideButton(page).click();
      await expect(page.getByRole('dialog')).toBeVisible();
    }
    const results = await new AxeBuilder({ page }).analyze();
    expect(results.passes.length).toBeGreaterThan(10);
    expect(results.violations.map(({ id, nodes }) => `${id}: ${nodes.length}`)).toEqual([]);
  }
});
