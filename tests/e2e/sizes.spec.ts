import Database from 'better-sqlite3';
import path from 'node:path';
import type { Page } from '@playwright/test';
import {
  expectConfirmationPage,
  PAYING_TIMEOUT,
  fillCard,
  paymentFrame,
  TEST_CARDS,
  widgetPayButton,
} from './support/payment.ts';
import {
  addButton,
  cartButton,
  cartDropdown,
  checkoutRow,
  chooseSize,
  expectCartCount,
  seedCart,
  sizeChooser,
  visit,
} from './support/shop.ts';
import { expect, test } from './support/test.ts';

// Issue 13: lines per product and size, a size chosen for a line added without one, and a size
// that runs out while the shopper is at checkout.

/** Sets one product size's stock in the run's shop, as another shopper's order would. */
function setStock(productId: number, size: string, stock: number) {
  const dataDir = process.env.SHOP_DATA_DIR;
  if (!dataDir)
    throw new Error('SHOP_DATA_DIR is not set: run the specs through npm run test:e2e.');
  const db = new Database(path.join(dataDir, 'shop.sqlite'));
  try {
    db.prepare('update catalogue_stock set stock = ? where product_id = ? and size = ?').run(
      stock,
      productId,
      size,
    );
  } finally {
    db.close();
  }
}

const payNow = (page: Page) => page.getByRole('button', { name: 'Pay Now' });

async function readyToPay(page: Page) {
  await expect(payNow(page)).toHaveAttribute('aria-busy', 'false');
}

for (const width of [390, 1280]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 800 } });

    test('a hat added from its collection gets its size in the dropdown; Pay Now waits for it', async ({
      page,
    }) => {
      page.on('dialog', (dialog) => void dialog.accept());
      await visit(page, '/shop/hats');
      await addButton(page, 'Brown Brim').click();
      await addButton(page, 'Brown Brim').click();
      await expectCartCount(page, 2);

      await visit(page, '/checkout');
      await readyToPay(page);
      await payNow(page).click();
      await expect(page.getByRole('alert')).toHaveText('Choose a size for Brown Brim.');
      await expect(paymentFrame(page).getByRole('dialog')).toHaveCount(0);

      // The dropdown offers the hat's sizes; S is sold out.
      await cartButton(page).click();
      const chooser = sizeChooser(cartDropdown(page), 'Brown Brim');
      await expect(chooser.getByRole('option', { name: 'S (sold out)' })).toBeDisabled();
      await chooseSize(cartDropdown(page), 'Brown Brim', 'L');
      await expect(cartDropdown(page).getByRole('listitem')).toHaveText([
        /Brown Brim\s*2 x \$25\s*Size L/,
      ]);
      await expect(page.getByRole('alert')).toHaveCount(0);
      await cartButton(page).click();
      await expect(checkoutRow(page, 'Brown Brim')).toContainText('Size L');

      await payNow(page).click();
      await fillCard(page, TEST_CARDS.success);
      await widgetPayButton(page).click();
      await expectConfirmationPage(page);
      await expect(page.getByRole('article', { name: /^Order ord_/ })).toContainText(
        'Brown Brim, size L',
      );
    });
  });
}

// Each width sells out its own hat: the two run at once, and one's stock put back must not be
// the other's.
for (const [width, hat] of [
  [390, { id: 6, name: 'Palm Tree Cap' }],
  [1280, { id: 3, name: 'Brown Cowboy' }],
] as const) {
  test.describe(`at ${width} px, when a size runs out`, () => {
    test.use({ viewport: { width, height: 800 } });

    test('checkout names the line that is no longer available and keeps the cart', async ({
      page,
    }) => {
      // The hat in M: sold out by "another shopper" once this shopper is at checkout.
      await seedCart(page, [
        [hat.name, 1, 'M'],
        ['Blue Beanie', 2, 'S'],
      ]);
      await visit(page, '/checkout');
      await readyToPay(page);
      setStock(hat.id, 'M', 0);
      try {
        await payNow(page).click();
        await fillCard(page, TEST_CARDS.success);
        await widgetPayButton(page).click();
        const alert = page.getByRole('alert');
        await expect(alert).toContainText(`${hat.name} (size M): sold out`, {
          timeout: PAYING_TIMEOUT,
        });
        await expect(alert).toContainText('Nothing was charged');
        await expect(page).toHaveURL('/checkout');
        await expect(checkoutRow(page, hat.name)).toContainText('Size M');
        await expect(checkoutRow(page, 'Blue Beanie')).toContainText('Size S');
        await expectCartCount(page, 3);
      } finally {
        setStock(hat.id, 'M', 1000);
      }
    });
  });
}
