import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { createAccount, freshEmail, signInThroughForm } from './support/accounts.ts';
import { createOwner, newPage } from './support/back-office.ts';
import {
  expectConfirmationPage,
  fillCard,
  TEST_CARDS,
  widgetPayButton,
} from './support/payment.ts';
import { startShop } from './support/shop-server.ts';
import { seedCart, visit } from './support/shop.ts';
import { expect, test } from './support/test.ts';

/**
 * Issue 14: "refund a line, and see its stock come back" (ADR 047). A shop of its own per run,
 * so the stock it sets for Brown Brim is no other spec's.
 */

const PRODUCT = '/shop/hats/1-brown-brim';
const sizeOption = (page: Page, name: RegExp) => page.getByRole('radio', { name });

for (const width of [1280, 820]) {
  test(`an owner refunds one size of a shopper's order in /admin; its stock comes back and the shopper sees the refund (${width} px)`, async ({
    browser,
  }) => {
    test.slow();
    const shop = await startShop();
    try {
      const shopperEmail = await createAccount(
        (await newPage(browser, 1280, shop.url)).request,
        'Ada',
        freshEmail('refunded'),
      );
      // The owner, made with the real command on this shop's database, leaves one hat in S.
      const ownerEmail = await createOwner(shop);
      const owner = await newPage(browser, width, shop.url);
      await signInThroughForm(owner, ownerEmail);
      await owner.goto('/admin');
      await expect(owner.getByRole('banner')).toContainText(`Signed in as ${ownerEmail}`);
      const stocked = await owner.evaluate(async () => {
        const response = await fetch('/api/admin/products/1', {
          method: 'PATCH',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ stock: { S: 1, M: 20 } }),
        });
        return response.status;
      });
      expect(stocked).toBe(200);

      // The shopper buys two sizes of one hat: the last S, and an M.
      const shopper = await newPage(browser, 1280, shop.url);
      shopper.on('dialog', (dialog) => void dialog.accept());
      await seedCart(shopper, [
        ['Brown Brim', 1, 'S'],
        ['Brown Brim', 1, 'M'],
      ]);
      await signInThroughForm(shopper, shopperEmail);
      await visit(shopper, '/checkout');
      const payNow = shopper.getByRole('button', { name: 'Pay Now' });
      await expect(payNow).toHaveAttribute('aria-busy', 'false');
      await payNow.click();
      await fillCard(shopper, TEST_CARDS.success, shopperEmail);
      await widgetPayButton(shopper).click();
      await expectConfirmationPage(shopper);
      const orderId = new URL(shopper.url()).searchParams.get('order') ?? '';
      await visit(shopper, PRODUCT);
      await expect(sizeOption(shopper, /^S, Sold out/)).toBeDisabled();

      // The owner finds the order and refunds the S.
      await owner.goto(`/admin/orders?customer=${encodeURIComponent(shopperEmail)}`);
      const row = owner.getByRole('row', { name: new RegExp(orderId) });
      await expect(row).toContainText('Not shipped');
      await row.getByRole('link', { name: orderId }).click();
      await expect(
        owner.getByRole('heading', { level: 1, name: `Order ${orderId}` }),
      ).toBeVisible();
      const form = owner.getByRole('form', { name: 'Refund' });
      await form.getByLabel(/Brown Brim, size S \(1 of 1 left/).fill('1');
      await expect(form).toContainText('Amount to refund: $25');
      await form.getByRole('button', { name: 'Refund…' }).click();
      const confirm = owner.getByRole('group', { name: 'Confirm the refund' });
      await expect(confirm).toContainText('Refund $25 to visa ending 4242?');
      if (width === 1280) {
        const results = await new AxeBuilder({ page: owner }).analyze();
        expect(results.violations.map((one) => `${one.id}: ${one.help}`)).toEqual([]);
      }
      await confirm.getByRole('button', { name: 'Yes, refund $25' }).click();
      await expect(owner.getByRole('status')).toHaveText('Refunded $25 to visa ending 4242.');
      const refunds = owner.getByRole('table', { name: 'Refunds' });
      await expect(refunds.getByRole('row', { name: /1 x Brown Brim \(S\)/ })).toContainText(
        /\$25\s*Refunded\s*owner-/,
      );
      await expect(form.getByLabel(/size S/)).toHaveCount(0);

      // The list says so too.
      await owner.goto(
        `/admin/orders?status=refunded&customer=${encodeURIComponent(shopperEmail)}`,
      );
      await expect(owner.getByRole('row', { name: new RegExp(orderId) })).toContainText('$25');

      // The S is back on sale within seconds, and the shopper's history shows the refund.
      await expect(async () => {
        await shopper.reload();
        await expect(sizeOption(shopper, /^S, Only 1 left/)).toBeEnabled({ timeout: 1000 });
      }).toPass({ timeout: 15_000 });
      await shopper.goto('/account');
      const history = shopper.getByRole('region', { name: 'Your orders' });
      const order = history.getByRole('article', { name: `Order ${orderId}` });
      await expect(order).toContainText('Refunded $25');
      await expect(order.getByRole('row', { name: /size S/ })).toContainText('1 (1 refunded)');
      await shopper.context().close();
      await owner.context().close();
    } finally {
      await shop.stop();
    }
  });
}
