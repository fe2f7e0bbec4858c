import type { Page } from '@playwright/test';
import { signInThroughForm } from './support/accounts.ts';
import { createOwner, newPage } from './support/back-office.ts';
import {
  expectConfirmationPage,
  fillCard,
  TEST_CARDS,
  widgetPayButton,
} from './support/payment.ts';
import { startShop } from './support/shop-server.ts';
import {
  cartButton,
  cartDropdown,
  checkoutRow,
  checkoutTotal,
  main,
  seedCart,
  visit,
} from './support/shop.ts';
import { expect, test } from './support/test.ts';

/**
 * Issue 25, "One catalogue" (ADR 053): the cart shows and charges the catalogue as the owner
 * left it in /admin, not the one compiled into the shop. A price changed shows after a reload and
 * is what Pay Now charges; a product added stays in the cart across a reload; a product archived
 * meanwhile is named as no longer available and the rest of the cart stays. A shop of its own,
 * so no other spec sees the changed catalogue.
 */

const SCARF = {
  name: 'Heather Wool Scarf',
  description: 'A long scarf of soft heather wool.',
  price: 4200,
  collection: 'hats',
  imageUrl: '/images/items/brown-brim',
  colour: 'grey',
  sizeKind: 'hat',
  sizes: [{ size: 'M', stock: 20 }],
};

/** A call to the back office's API from the owner's signed-in /admin page; its JSON answer. */
async function asOwner(owner: Page, method: string, url: string, body?: object) {
  const answer = await owner.evaluate(
    async ({ method, url, body }) => {
      const response = await fetch(url, {
        method,
        headers: body ? { 'content-type': 'application/json' } : {},
        ...(body ? { body: JSON.stringify(body) } : {}),
      });
      return { status: response.status, json: (await response.json()) as unknown };
    },
    { method, url, body },
  );
  expect(answer.status, JSON.stringify(answer.json)).toBeLessThan(300);
  return answer.json as { id: number };
}

/** The dropdown's lines, as the shopper reads them. */
async function expectDropdownLines(page: Page, lines: RegExp[]): Promise<void> {
  if (!(await cartDropdown(page).isVisible())) await cartButton(page).click();
  await expect(cartDropdown(page).getByRole('listitem')).toHaveText(lines);
  await cartButton(page).click();
  await expect(cartDropdown(page)).toBeHidden();
}

for (const width of [390, 1280]) {
  test(`a price and a product the owner changed in /admin are what the cart shows and charges; an archived product is named (${width} px)`, async ({
    browser,
  }) => {
    test.slow();
    const shop = await startShop();
    try {
      const ownerEmail = await createOwner(shop);
      const owner = await newPage(browser, 1280, shop.url);
      await signInThroughForm(owner, ownerEmail);
      await owner.goto('/admin');
      await expect(owner.getByRole('banner')).toContainText(`Signed in as ${ownerEmail}`);

      // A shopper's cart from an earlier visit: two Brown Brims ($25) and a Blue Beanie ($18).
      const shopper = await newPage(browser, width, shop.url);
      shopper.on('dialog', (dialog) => void dialog.accept());
      await seedCart(shopper, [
        ['Brown Brim', 2, 'M'],
        ['Blue Beanie', 1, 'M'],
      ]);
      await visit(shopper, '/checkout');
      await expect(checkoutTotal(shopper)).toHaveText('Total - $68');

      // The owner raises Brown Brim to $31, adds a scarf, and takes Blue Beanie off sale.
      await asOwner(owner, 'PATCH', '/api/admin/products/1', { price: 3100, stock: { M: 20 } });
      const scarf = await asOwner(owner, 'POST', '/api/admin/products', SCARF);
      await asOwner(owner, 'POST', '/api/admin/products/2/archive');

      await shopper.reload();
      await expect(checkoutRow(shopper, 'Brown Brim')).toContainText('$31');
      await expect(main(shopper).getByText('Blue Beanie is no longer available.')).toBeVisible();
      await expect(checkoutRow(shopper, 'Blue Beanie')).toHaveCount(0);
      await expect(checkoutTotal(shopper)).toHaveText('Total - $62');
      await expectDropdownLines(shopper, [/Brown Brim\s*2 x \$31/]);

      // The new product, added from its page, stays in the cart across a reload.
      await visit(shopper, `/shop/product/${scarf.id}`);
      await expect(main(shopper).getByRole('heading', { level: 1 })).toHaveText(SCARF.name);
      await main(shopper)
        .getByRole('group', { name: 'Size' })
        .getByRole('radio', { name: 'M', exact: true })
        .click();
      await main(shopper).getByRole('button', { name: 'Add to cart' }).click();
      await expectDropdownLines(shopper, [
        /Brown Brim\s*2 x \$31/,
        /Heather Wool Scarf\s*1 x \$42/,
      ]);

      await visit(shopper, '/checkout');
      await shopper.reload();
      await expect(checkoutRow(shopper, 'Brown Brim')).toContainText('$31');
      await expect(checkoutRow(shopper, SCARF.name)).toContainText('$42');
      await expect(checkoutTotal(shopper)).toHaveText('Total - $104');

      // Pay Now charges the new total, and the shop takes it.
      const payNow = shopper.getByRole('button', { name: 'Pay Now' });
      await expect(payNow).toHaveAttribute('aria-busy', 'false');
      await payNow.click();
      await fillCard(shopper, TEST_CARDS.success);
      await expect(widgetPayButton(shopper)).toHaveText(/\$104/);
      await widgetPayButton(shopper).click();
      await expectConfirmationPage(shopper, /&receipt=/);
      await expect(shopper.getByRole('article', { name: /^Order ord_/ })).toContainText(
        'Total - $104',
      );
    } finally {
      await shop.stop();
    }
  });
}
