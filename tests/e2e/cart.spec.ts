import {
  addButton,
  cartButton,
  cartDropdown,
  expectCartCount,
  holdAppScript,
  main,
  visit,
} from './support/shop.ts';
import { expect, test } from './support/test.ts';

test('adding from the shop overview fills the cart', async ({ page }) => {
  await visit(page, '/shop');
  await expectCartCount(page, 0);
  await main(page)
    .getByRole('region', { name: 'HATS', exact: true })
    .getByRole('button', { name: 'Add Brown Brim to cart' })
    .click();
  await expectCartCount(page, 1);
  await addButton(page, 'Adidas NMD').click();
  await expectCartCount(page, 2);

  await cartButton(page).click();
  const lines = cartDropdown(page).getByRole('listitem');
  await expect(lines).toHaveText([/Brown Brim\s*1 x \$25/, /Adidas NMD\s*1 x \$220/]);
});

test('adding the same item twice raises its quantity', async ({ page }) => {
  await visit(page, '/shop/hats');
  await addButton(page, 'Brown Brim').click();
  await addButton(page, 'Brown Brim').click();
  await addButton(page, 'Wolf Cap').click();
  await expectCartCount(page, 3);

  await cartButton(page).click();
  const lines = cartDropdown(page).getByRole('listitem');
  await expect(lines).toHaveCount(2);
  const brim = lines.filter({ hasText: 'Brown Brim' });
  await expect(brim).toContainText('2 x $25');
  await expect(brim.locator('img')).toHaveCount(1);
  await expect(brim.locator('img')).toHaveAttribute('src', /\/images\/items\/brown-brim-/);
  await expect(lines.filter({ hasText: 'Wolf Cap' })).toContainText('1 x $14');
});

test('the bag toggles the dropdown, which says when the cart is empty', async ({ page }) => {
  await visit(page, '/');
  const bag = cartButton(page);
  await expect(cartDropdown(page)).toHaveCount(0);
  await expect(bag).toHaveAttribute('aria-expanded', 'false');

  await bag.click();
  await expect(cartDropdown(page)).toBeVisible();
  await expect(bag).toHaveAttribute('aria-expanded', 'true');
  await expect(cartDropdown(page).getByText('Your cart is empty')).toBeVisible();
  await expect(cartDropdown(page).getByRole('listitem')).toHaveCount(0);

  await bag.click();
  await expect(cartDropdown(page)).toBeHidden();
  await expect(bag).toHaveAttribute('aria-expanded', 'false');
});

test('GO TO CHECKOUT opens /checkout and closes the dropdown', async ({ page }) => {
  await visit(page, '/shop/hats');
  await addButton(page, 'Grey Brim').click();
  await cartButton(page).click();
  await expect(cartDropdown(page).getByRole('listitem')).toHaveText([/Grey Brim\s*1 x \$25/]);

  await cartDropdown(page).getByRole('button', { name: 'GO TO CHECKOUT' }).click();
  await expect(page).toHaveURL('/checkout');
  await expect(cartDropdown(page)).toBeHidden();
  await expect(cartButton(page)).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByRole('table').getByText('Grey Brim', { exact: true })).toBeVisible();
});

test('Escape closes the dropdown', async ({ page }) => {
  await visit(page, '/shop');
  await cartButton(page).click();
  await expect(cartDropdown(page)).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(cartDropdown(page)).toBeHidden();
  await expect(cartButton(page)).toHaveAttribute('aria-expanded', 'false');
});

test('an item can be added with the keyboard', async ({ page }) => {
  await visit(page, '/shop/hats');
  const add = addButton(page, 'Brown Brim');
  await add.focus();
  await expect(add).toBeFocused();
  await page.keyboard.press('Enter');
  await expectCartCount(page, 1);
  await page.keyboard.press('Space');
  await expectCartCount(page, 2);
});

test.describe('on a touch screen', () => {
  test.use({ hasTouch: true, viewport: { width: 390, height: 844 }, isMobile: true });

  test('an item can be added with a tap', async ({ page }) => {
    await visit(page, '/shop/hats');
    await addButton(page, 'Brown Brim').tap();
    await expectCartCount(page, 1);
    await addButton(page, 'Blue Snapback').tap();
    await expectCartCount(page, 2);

    await cartButton(page).tap();
    await expect(cartDropdown(page).getByRole('listitem')).toHaveText([
      /Brown Brim\s*1 x \$25/,
      /Blue Snapback\s*1 x \$16/,
    ]);
  });
});

test('"Add to cart" pressed before the app has started is kept, once per press', async ({
  page,
}) => {
  const release = await holdAppScript(page);
  await page.goto('/shop/hats', { waitUntil: 'commit' });
  await addButton(page, 'Brown Brim').click();
  await addButton(page, 'Brown Brim').click();
  await addButton(page, 'Wolf Cap').click();

  release();
  await expectCartCount(page, 3);
  await cartButton(page).click();
  const lines = cartDropdown(page).getByRole('listitem');
  await expect(lines).toHaveText([/Brown Brim\s*2 x \$25/, /Wolf Cap\s*1 x \$14/]);

  // Once the app runs, a press counts once, not twice.
  await addButton(page, 'Wolf Cap').click();
  await expectCartCount(page, 4);
  await page.reload();
  await expectCartCount(page, 4);
});
