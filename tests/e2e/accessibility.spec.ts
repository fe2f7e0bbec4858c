import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { cartButton, cartDropdown, seedCart, visit } from './support/shop.ts';
import { expect, test } from './support/test.ts';

/** Runs axe on the whole page, nothing excluded, and lists each violation with its nodes. */
async function violations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  // A run that checked nothing would report no violations too.
  expect(results.passes.length).toBeGreaterThan(10);
  return results.violations.map(
    ({ id, impact, help, nodes }) =>
      `${id} (${impact ?? 'unknown'}): ${help} at ${nodes.map((node) => node.target.join(' ')).join(', ')}`,
  );
}

for (const url of ['/', '/shop', '/shop/hats', '/signin', '/contact', '/account', '/nope']) {
  test(`${url} has no accessibility violations`, async ({ page }) => {
    await visit(page, url);
    expect(await violations(page)).toEqual([]);
  });
}

test('/checkout with items has no accessibility violations', async ({ page }) => {
  await seedCart(page, [
    ['Brown Brim', 2],
    ['Adidas NMD', 1],
  ]);
  await visit(page, '/checkout');
  await expect(page.getByRole('table').getByRole('row')).toHaveCount(3);
  expect(await violations(page)).toEqual([]);
});

test('the open cart dropdown has no accessibility violations', async ({ page }) => {
  await seedCart(page, [['Wolf Cap', 1]]);
  await visit(page, '/shop/hats');
  await cartButton(page).click();
  await expect(cartDropdown(page)).toBeVisible();
  expect(await violations(page)).toEqual([]);
});

test('the sign-in page with a message shown has no accessibility violations', async ({ page }) => {
  await visit(page, '/signin');
  const form = page.getByRole('region', { name: 'I already have an account' });
  await form.getByLabel('Email').fill('ada@example.com');
  await form.getByLabel('Password').fill('analytical-1');
  await form.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(form.getByRole('alert')).toBeVisible();
  expect(await violations(page)).toEqual([]);
});
