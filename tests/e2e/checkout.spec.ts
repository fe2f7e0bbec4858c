import {
  CHECKOUT_COLUMNS,
  addButton,
  cartButton,
  checkoutRow,
  checkoutTotal,
  seedCart,
  visit,
} from './support/shop.ts';
import { expect, test } from './support/test.ts';

test('lists each cart line with image, name, quantity and price under the five headers', async ({
  page,
}) => {
  await visit(page, '/shop/hats');
  await addButton(page, 'Brown Brim').click();
  await addButton(page, 'Brown Brim').click();
  await page.getByRole('link', { name: 'SHOP', exact: true }).click();
  await addButton(page, 'Adidas NMD').click();
  await cartButton(page).click();
  await page.getByRole('button', { name: 'GO TO CHECKOUT' }).click();
  await expect(page).toHaveURL('/checkout');

  await expect(page.getByRole('columnheader')).toHaveText(CHECKOUT_COLUMNS);
  const rows = page.getByRole('table').getByRole('row');
  await expect(rows).toHaveCount(3);

  const brim = checkoutRow(page, 'Brown Brim');
  await expect(brim.getByRole('cell')).toHaveCount(5);
  await expect(brim.locator('img')).toHaveAttribute('src', /\/images\/items\/brown-brim-/);
  await expect(brim.getByLabel('Quantity of Brown Brim')).toHaveText('2');
  await expect(brim.getByRole('cell').nth(3)).toHaveText('$25');
  await expect(brim.getByRole('button', { name: 'Remove one Brown Brim' })).toBeVisible();
  await expect(brim.getByRole('button', { name: 'Add one Brown Brim' })).toBeVisible();
  await expect(brim.getByRole('button', { name: 'Remove Brown Brim from the cart' })).toBeVisible();

  const nmd = checkoutRow(page, 'Adidas NMD');
  await expect(nmd.getByLabel('Quantity of Adidas NMD')).toHaveText('1');
  await expect(nmd.getByRole('cell').nth(3)).toHaveText('$220');
  await expect(checkoutTotal(page)).toHaveText('Total - $270');
});

test('the arrows and the remove button change the lines and the total', async ({ page }) => {
  await seedCart(page, [
    ['Brown Brim', 2],
    ['Adidas NMD', 1],
  ]);
  await visit(page, '/checkout');
  const brim = checkoutRow(page, 'Brown Brim');
  const nmd = checkoutRow(page, 'Adidas NMD');
  await expect(checkoutTotal(page)).toHaveText('Total - $270');

  await brim.getByRole('button', { name: 'Add one Brown Brim' }).click();
  await expect(brim.getByLabel('Quantity of Brown Brim')).toHaveText('3');
  await expect(checkoutTotal(page)).toHaveText('Total - $295');

  await brim.getByRole('button', { name: 'Remove one Brown Brim' }).click();
  await expect(brim.getByLabel('Quantity of Brown Brim')).toHaveText('2');
  await expect(checkoutTotal(page)).toHaveText('Total - $270');

  // At 1, the decrease arrow deletes the line.
  await nmd.getByRole('button', { name: 'Remove one Adidas NMD' }).click();
  await expect(nmd).toHaveCount(0);
  await expect(checkoutTotal(page)).toHaveText('Total - $50');

  // The remove button deletes the whole line, whatever its quantity.
  await brim.getByRole('button', { name: 'Remove Brown Brim from the cart' }).click();
  await expect(brim).toHaveCount(0);
  await expect(page.getByRole('table').getByRole('row')).toHaveCount(1);
  await expect(checkoutTotal(page)).toHaveText('Total - $0');
  await expect(page.getByRole('button', { name: 'Cart, 0 items' })).toBeVisible();
});

test('shows the test-card warning and a Pay Now button', async ({ page }) => {
  await seedCart(page, [['Wolf Cap', 1]]);
  await visit(page, '/checkout');
  const warning = page.getByText(/test credit card/i);
  await expect(warning).toBeVisible();
  await expect(warning).toContainText('4242 4242 4242 4242');
  await expect(warning).toContainText('12/34');
  await expect(warning).toContainText(/CVV:?\s*123\b/);
  await expect(page.getByRole('button', { name: 'Pay Now' })).toBeVisible();
});
