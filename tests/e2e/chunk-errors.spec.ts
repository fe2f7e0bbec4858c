import { main, visit, waitForShop } from './support/shop.ts';
import { expect, test } from './support/test.ts';

/**
 * The collection route's own chunk (`/assets/collection-B1x_9azQ.js`: name, dash, 8-character
 * hash). The wider glob `**\/assets/collection-*.js` also matches the shared chunk
 * `collection-grid-*.js` that the shop overview itself needs; that case has its own test below.
 */
const COLLECTION_ROUTE_CHUNK = /\/assets\/collection-[\w-]{8}\.js$/;
const EVERY_COLLECTION_CHUNK = '**/assets/collection-*.js';
const CHUNK_URL = /\/assets\/collection-[\w-]+\.js/;

test('a collection whose code fails to load on the way says so, and Retry opens it', async ({
  page,
}) => {
  await visit(page, '/shop');
  await page.route(COLLECTION_ROUTE_CHUNK, (route) => route.abort());

  await main(page).getByRole('link', { name: 'HATS', exact: true }).click();
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('Loading chunk collection failed.');
  await expect(alert).toContainText(CHUNK_URL);

  await page.unroute(COLLECTION_ROUTE_CHUNK);
  await alert.getByRole('button', { name: 'Retry' }).click();
  await expect(page).toHaveURL('/shop/hats');
  await expect(main(page).getByRole('heading', { level: 1 })).toHaveText('HATS');
  await expect(main(page).getByRole('listitem')).toHaveCount(9);
  await expect(page.getByRole('alert')).toHaveCount(0);
});

test('when every collection chunk is unreachable, clicking a collection still says so', async ({
  page,
}) => {
  await visit(page, '/shop');
  await page.route(EVERY_COLLECTION_CHUNK, (route) => route.abort());

  await main(page).getByRole('link', { name: 'HATS', exact: true }).click();
  // Never a silent, dead page: a message that names the chunk and its URL, and a way to retry.
  const alert = page.getByRole('alert');
  await expect(alert).toContainText(/Loading chunk collection[\w-]* failed\./);
  await expect(alert).toContainText(CHUNK_URL);
  await expect(alert.getByRole('button', { name: 'Retry' })).toBeVisible();
});

test('a collection page opened directly whose code fails to load says so', async ({ page }) => {
  await page.route(COLLECTION_ROUTE_CHUNK, (route) => route.abort());
  await page.goto('/shop/hats');
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('Loading chunk collection failed');
  await expect(alert).toContainText(CHUNK_URL);

  await page.unroute(COLLECTION_ROUTE_CHUNK);
  await alert.getByRole('button', { name: 'Retry' }).click();
  await expect(page).toHaveURL('/shop/hats');
  await waitForShop(page);
  await expect(main(page).getByRole('listitem')).toHaveCount(9);
  await expect(page.getByRole('alert')).toHaveCount(0);
});
