import { expect, test } from './support/test.ts';

test('the home page shows every category tile', async ({ page }) => {
  await page.goto('/');
  for (const title of ['HATS', 'JACKETS', 'SNEAKERS', 'WOMENS', 'MENS']) {
    await expect(page.getByRole('link', { name: new RegExp(`^${title} SHOP NOW$`) })).toBeVisible();
  }
});
