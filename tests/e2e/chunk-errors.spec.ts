import { main, visit, waitForShop } from './support/shop.ts';
import { expect, test } from './support/test.ts';

/** The collection route's own chunk (`/assets/collection-B1x_9azQ.js`: name, dash, 8-character hash). */
const COLLECTION_ROUTE_CHUNK = /\/assets\/collection-[\w-]{8}\.js$/;
const CHUNK_URL = /\/assets\/collection-[\w-]+\.js/;
/** What a shopper's browser gets for a chunk that a newer deploy removed: the not-found page. */
const GONE = {
  status: 404,
  contentType: 'text/html',
  body: '<!doctype html><h1>Page not found</h1>',
};

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

test('a collection chunk that a newer deploy removed (404) says so on the way', async ({
  page,
}) => {
  await visit(page, '/shop');
  await page.route(COLLECTION_ROUTE_CHUNK, (route) => route.fulfill(GONE));

  await main(page).getByRole('link', { name: 'HATS', exact: true }).click();
  // Never a silent, dead page: a message that names the chunk and its URL, and a way to retry.
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('Loading chunk collection failed.');
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

test('a collection page opened directly whose chunk answers 404 names it', async ({ page }) => {
  await page.route(COLLECTION_ROUTE_CHUNK, (route) => route.fulfill(GONE));
  await page.goto('/shop/hats');
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('Loading chunk collection failed');
  await expect(alert).toContainText(CHUNK_URL);
});
