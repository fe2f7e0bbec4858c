import { CATALOGUE, COLLECTION_IDS, SECTIONS, dollars, escapeRegExp } from './support/catalogue.ts';
import { CHECKOUT_COLUMNS, main, visit } from './support/shop.ts';
import { expect, test } from './support/test.ts';

/** One product card as its text reads: name, price, then its add button. */
const cardText = (name: string, price: number): RegExp =>
  new RegExp(`^\\s*${escapeRegExp(name)}\\s*${escapeRegExp(dollars(price))}\\s*Add to cart\\s*$`);

test.describe('home page', () => {
  test('shows the five category tiles in order, each with SHOP NOW', async ({ page }) => {
    await visit(page, '/');
    const tiles = page.getByRole('navigation', { name: 'Categories' }).getByRole('listitem');
    await expect(tiles).toHaveText(
      SECTIONS.map(({ title }) => new RegExp(`^\\s*${title.toUpperCase()}\\s*SHOP NOW\\s*$`)),
    );
    for (const [index, { title, large }] of SECTIONS.entries()) {
      const tile = tiles.nth(index);
      await expect(
        tile.getByRole('link', { name: `${title.toUpperCase()} SHOP NOW`, exact: true }),
      ).toBeVisible();
      if (large) await expect(tile).toHaveAttribute('data-size', 'large');
      else await expect(tile).not.toHaveAttribute('data-size', 'large');
    }
  });

  test('each tile opens /shop/{title}', async ({ page }) => {
    await visit(page, '/');
    for (const { title } of SECTIONS) {
      await page
        .getByRole('link', { name: `${title.toUpperCase()} SHOP NOW`, exact: true })
        .click();
      await expect(page).toHaveURL(`/shop/${title}`);
      await expect(main(page).getByRole('heading', { level: 1 })).toHaveText(title.toUpperCase());
      await expect(main(page).getByRole('listitem')).toHaveCount(CATALOGUE[title].length);
      await page.goBack();
      await expect(page).toHaveURL('/');
    }
  });
});

test('the shop overview shows every collection in upper case with its first 4 items', async ({
  page,
}) => {
  await visit(page, '/shop');
  const previews = main(page).getByRole('region');
  await expect(previews).toHaveCount(COLLECTION_IDS.length);
  for (const id of COLLECTION_IDS) {
    const preview = main(page).getByRole('region', { name: id.toUpperCase(), exact: true });
    await expect(preview.getByRole('heading')).toHaveText(id.toUpperCase());
    await expect(
      preview.getByRole('link', { name: id.toUpperCase(), exact: true }),
    ).toHaveAttribute('href', `/shop/${id}`);
    await expect(preview.getByRole('listitem')).toHaveText(
      CATALOGUE[id].slice(0, 4).map(({ name, price }) => cardText(name, price)),
    );
  }
});

for (const id of COLLECTION_IDS) {
  test(`/shop/${id} shows its title and all ${CATALOGUE[id].length} items with prices`, async ({
    page,
  }) => {
    const response = await visit(page, `/shop/${id}`);
    expect(response?.status()).toBe(200);
    await expect(page).toHaveTitle(new RegExp(`^${id}\\b`, 'i'));
    await expect(main(page).getByRole('heading', { level: 1 })).toHaveText(id.toUpperCase());
    const cards = main(page).getByRole('listitem');
    await expect(cards).toHaveText(CATALOGUE[id].map(({ name, price }) => cardText(name, price)));
    for (const { name } of CATALOGUE[id]) {
      await expect(main(page).getByRole('img', { name, exact: true })).toHaveCount(1);
    }
  });
}

test('/checkout shows the checkout with an empty cart', async ({ page }) => {
  const response = await visit(page, '/checkout');
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('columnheader')).toHaveText(CHECKOUT_COLUMNS);
  await expect(page.getByText(/^Total - \$/)).toHaveText('Total - $0');
});

test('/signin shows the sign-in and sign-up forms', async ({ page }) => {
  const response = await visit(page, '/signin');
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('heading', { name: 'I already have an account' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'I do not have a account' })).toBeVisible();
});

test('/contact shows how to reach the shop', async ({ page }) => {
  const response = await visit(page, '/contact');
  expect(response?.status()).toBe(200);
  await expect(main(page).getByRole('heading', { level: 1 })).toHaveText(/contact/i);
  const email = main(page).getByRole('link', { name: /@/ });
  await expect(email).toHaveAttribute('href', /^mailto:[^@\s]+@[^@\s]+\.[a-z]{2,}$/i);
  const phone = main(page).getByRole('link', { name: /\d{3}/ });
  await expect(phone).toHaveAttribute('href', /^tel:\+?\d{7,15}$/);
  const address = main(page).locator('address');
  await expect(address).toContainText(/\d+ \w+/);
  await expect(main(page)).toContainText(/Hours/);
});

test.describe('header', () => {
  test('links to home, shop, contact and sign in', async ({ page }) => {
    await visit(page, '/checkout');
    const header = page.getByRole('banner');

    await header.getByRole('link', { name: 'SHOP', exact: true }).click();
    await expect(page).toHaveURL('/shop');
    await expect(main(page).getByRole('region', { name: 'HATS' })).toBeVisible();

    await header.getByRole('link', { name: 'CONTACT', exact: true }).click();
    await expect(page).toHaveURL('/contact');
    await expect(main(page).getByRole('heading', { level: 1 })).toHaveText(/contact/i);

    await header.getByRole('link', { name: 'SIGN IN', exact: true }).click();
    await expect(page).toHaveURL('/signin');
    await expect(page.getByRole('heading', { name: 'I already have an account' })).toBeVisible();

    await header.getByRole('link', { name: /home/i }).click();
    await expect(page).toHaveURL('/');
    await expect(page.getByRole('link', { name: 'HATS SHOP NOW' })).toBeVisible();
  });
});

test.describe('unknown paths', () => {
  for (const url of ['/nope', '/shop/nope', '/shop/hats/extra']) {
    test(`${url} answers 404 with a page that leads home`, async ({ page }) => {
      const response = await visit(page, url);
      expect(response?.status()).toBe(404);
      await expect(page).toHaveURL(url);
      await expect(main(page).getByRole('heading', { level: 1 })).toHaveText('Page not found');
      await expect(page).toHaveTitle(/Page not found/);
      await main(page).getByRole('link', { name: /home/i }).click();
      await expect(page).toHaveURL('/');
      await expect(page.getByRole('link', { name: 'HATS SHOP NOW' })).toBeVisible();
    });
  }
});

test.describe('the first HTML, before any script runs', () => {
  test.use({ javaScriptEnabled: false });

  test('/shop/hats already lists its items', async ({ page }) => {
    await page.goto('/shop/hats');
    await expect(main(page).getByRole('heading', { level: 1 })).toHaveText('HATS');
    await expect(main(page).getByRole('listitem')).toHaveText(
      CATALOGUE.hats.map(({ name, price }) => cardText(name, price)),
    );
  });

  test('/ already shows its tiles', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('navigation', { name: 'Categories' }).getByRole('link')).toHaveText(
      SECTIONS.map(({ title }) => new RegExp(`^\\s*${title.toUpperCase()}\\s*SHOP NOW\\s*$`)),
    );
  });

  test('/shop already shows every collection', async ({ page }) => {
    await page.goto('/shop');
    for (const id of COLLECTION_IDS) {
      await expect(
        main(page).getByRole('region', { name: id.toUpperCase(), exact: true }),
      ).toBeVisible();
    }
  });
});
