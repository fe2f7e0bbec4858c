import type { Page } from '@playwright/test';
import { createCatalogueService } from '../../src/server/modules/catalogue/catalogue-service.ts';
import { openSqliteDatabase } from '../../src/server/platform/database/database.ts';
import { startShop, type RunningShop } from './support/shop-server.ts';
import { waitForShop } from './support/shop.ts';
import { expect, test } from './support/test.ts';

/**
 * The catalogue's pages show the catalogue as it is now (issue 13): a price changed in the
 * database shows on the next visit, with no rebuild, in the first HTML and after a navigation in
 * the browser. A shop of its own, so no other spec sees the changed prices.
 */

let shop: RunningShop;
let database: ReturnType<typeof openSqliteDatabase>;

test.beforeAll(async () => {
  shop = await startShop();
  // The shop's own database file, changed through the catalogue's own writes.
  database = openSqliteDatabase(`${shop.dataDir}/shop.sqlite`);
});

test.afterAll(async () => {
  await database?.close();
  await shop?.stop();
});

/** Sets one product's price (integer cents) as the back office will: one change, version raised. */
async function setPrice(productId: number, price: number) {
  const service = createCatalogueService({ db: database.db });
  const product = await service.reader.product(productId);
  if (!product) throw new Error(`No product ${productId}`);
  const siblings = (await service.reader.collections()).find(
    (collection) => collection.routeName === product.collection,
  )?.items;
  const position = (siblings?.findIndex((item) => item.id === productId) ?? 0) + 1;
  await service.change((writer) =>
    writer.upsertProducts([
      {
        ...product,
        price,
        position,
        stock: Object.fromEntries(product.sizes.map(({ size, stock }) => [size, stock])),
      },
    ]),
  );
  service.close();
}

const priceOf = (page: Page, name: string) =>
  page
    .getByRole('listitem')
    .filter({ has: page.getByText(name, { exact: true }) })
    .locator('.collection-item__price');

for (const width of [390, 1280]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test('a changed price shows on the collection and shop pages after a reload', async ({
      page,
    }) => {
      // One product per width, so the two runs never race on one price.
      const [id, name, price] = width === 390 ? [2, 'Blue Beanie', 1800] : [4, 'Grey Brim', 2500];
      const newPrice = price + (width === 390 ? 300 : 500);
      const shown = `$${newPrice / 100}`;
      await page.goto(`${shop.url}/shop/hats`);
      await waitForShop(page);
      await expect(priceOf(page, name)).toHaveText(`$${price / 100}`);

      await setPrice(id, newPrice);
      await expect(async () => {
        await page.reload();
        await expect(priceOf(page, name)).toHaveText(shown, { timeout: 1000 });
      }).toPass({ timeout: 15_000 });

      // The first HTML itself, before any script, carries it.
      const html = await (await page.request.get(`${shop.url}/shop/hats`)).text();
      expect(html).toContain(shown);

      // A navigation in the browser fetches the page's data from the server: the new price too.
      await page.goto(`${shop.url}/`);
      await waitForShop(page);
      await page.getByRole('link', { name: /HATS/ }).click();
      await expect(page).toHaveURL(/\/shop\/hats$/);
      await expect(priceOf(page, name)).toHaveText(shown);
    });
  });
}
