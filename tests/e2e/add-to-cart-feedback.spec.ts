import type { Page } from '@playwright/test';
import { addButton, expectCartCount, visit } from './support/shop.ts';
import { expect, test } from './support/test.ts';

/**
 * Marks the page's polite live regions as they are before the shopper acts: a screen reader
 * reads out what changes in a live region that was already there, not one that appears with
 * its text.
 */
async function markLiveRegions(page: Page): Promise<void> {
  const regions = page.locator('[role="status"], [aria-live="polite"]');
  expect(await regions.count()).toBeGreaterThan(0);
  await regions.evaluateAll((list) => {
    for (const region of list) region.setAttribute('data-e2e-before', '');
  });
}

/** The live region, there before the add, that now says this item was added. */
const announcement = (page: Page, name: string) =>
  page
    .locator('[data-e2e-before]:is([role="status"], [aria-live="polite"])')
    .filter({ hasText: new RegExp(`${name}.*added|added.*${name}`, 'i') });

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1280, height: 720 },
]) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport, hasTouch: viewport.width < 500 });

    test('ADD TO CART is seen and heard, with the header scrolled away', async ({ page }) => {
      await visit(page, '/shop/hats');
      await markLiveRegions(page);
      const add = addButton(page, 'Wolf Cap');
      await add.scrollIntoViewIfNeeded();
      await page.evaluate(() => window.scrollBy(0, 200));
      await expect(page.getByRole('banner')).not.toBeInViewport();
      await add.click();

      await expectCartCount(page, 1);
      await expect(announcement(page, 'Wolf Cap')).toBeVisible();
      await expect(announcement(page, 'Wolf Cap')).toBeInViewport({ ratio: 1 });
      await expect(announcement(page, 'Wolf Cap')).toContainText('1 item');
      // The spec's cart: added at once, the dropdown left as it was.
      await expect(page.getByRole('region', { name: 'Cart', exact: true })).toHaveCount(0);

      // A second press is announced again: the words change with the count.
      await add.click();
      await expect(announcement(page, 'Wolf Cap')).toContainText('2 items');
      await expectCartCount(page, 2);
    });
  });
}

test('adding from the shop overview is announced too', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await visit(page, '/shop');
  await markLiveRegions(page);
  await addButton(page, 'Adidas NMD').click();
  await expect(announcement(page, 'Adidas NMD')).toBeInViewport({ ratio: 1 });
});
