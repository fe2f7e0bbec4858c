import { readFileSync, readdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { createAccount, signInThroughForm } from './support/accounts.ts';
import { TEST_CARDS, fillCard, paymentFrame, widgetPayButton } from './support/payment.ts';
import { addButton, checkoutTotal, expectCartCount, visit } from './support/shop.ts';
import { expect, test } from './support/test.ts';

/** Two Brown Brims ($25) and one Adidas NMD ($220): $270. */
async function fillCart(page: Page) {
  await visit(page, '/shop/hats');
  await addButton(page, 'Brown Brim').click();
  await addButton(page, 'Brown Brim').click();
  await visit(page, '/shop/sneakers');
  await addButton(page, 'Adidas NMD').click();
  await expectCartCount(page, 3);
  await visit(page, '/checkout');
  await expect(checkoutTotal(page)).toHaveText('Total - $270');
}

function acceptAlerts(page: Page): string[] {
  const messages: string[] = [];
  page.on('dialog', (dialog) => {
    messages.push(dialog.message());
    void dialog.accept();
  });
  return messages;
}

test.describe('card payment', () => {
  test('pays with 4242: alert, confirmation, empty cart', async ({ page }) => {
    const alerts = acceptAlerts(page);
    const tokens: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'log') tokens.push(message.text());
    });
    await fillCart(page);
    await page.getByRole('button', { name: 'Pay Now' }).click();
    await fillCard(page, TEST_CARDS.success);
    await expect(widgetPayButton(page)).toContainText('$270');
    await widgetPayButton(page).click();

    await expect(page).toHaveURL(/\/checkout\/confirmation\?order=ord_/);
    expect(alerts).toEqual(['Payment Successful!']);
    const order = page.getByRole('article', { name: /^Order ord_/ });
    await expect(order).toContainText('Brown Brim');
    await expect(order).toContainText('Total - $270');
    await expectCartCount(page, 0);
    // The spec logs the token: the one-use id, not the card.
    expect(tokens.some((text) => text.includes('tok_'))).toBe(true);
    expect(tokens.join(' ')).not.toContain('4242424242424242');

    await page.reload();
    await expect(page.getByRole('article', { name: /^Order ord_/ })).toContainText('Total - $270');
  });

  test('a declined card is shown in the widget and nothing is charged', async ({ page }) => {
    const alerts = acceptAlerts(page);
    await fillCart(page);
    await page.getByRole('button', { name: 'Pay Now' }).click();
    await fillCard(page, TEST_CARDS.declined);
    await widgetPayButton(page).click();
    await expect(
      paymentFrame(page).getByRole('alert').filter({ hasText: 'Your card was declined.' }),
    ).toBeVisible();
    expect(alerts).toEqual([]);
    await expect(page).toHaveURL('/checkout');
    await paymentFrame(page).getByRole('button', { name: 'Close' }).click();
    await expectCartCount(page, 3);
  });

  test('a double click on pay gives one order', async ({ page }) => {
    const alerts = acceptAlerts(page);
    const orderPosts: number[] = [];
    page.on('response', (response) => {
      if (response.url().endsWith('/api/orders') && response.request().method() === 'POST') {
        orderPosts.push(response.status());
      }
    });
    await fillCart(page);
    await page.getByRole('button', { name: 'Pay Now' }).dblclick();
    await fillCard(page, TEST_CARDS.success);
    await widgetPayButton(page).dblclick();
    await expect(page).toHaveURL(/\/checkout\/confirmation\?order=ord_/);
    expect(alerts).toEqual(['Payment Successful!']);
    expect(orderPosts).toEqual([201]);
  });

  test('when the widget script fails to load, Pay Now does nothing and says payment is unavailable', async ({
    page,
  }) => {
    await page.route('**/pay/v1/checkout.js', (route) => route.abort());
    await fillCart(page);
    await expect(
      page.getByText('Card payment is unavailable right now. Please try again later.'),
    ).toBeVisible();
    await page.getByRole('button', { name: 'Pay Now' }).click();
    await expect(page.locator('iframe[data-crwn-pay="frame"]')).toHaveCount(0);
    await expect(page).toHaveURL('/checkout');
  });

  test('a signed-in shopper finds the order on the account page', async ({ page, request }) => {
    acceptAlerts(page);
    const email = await createAccount(request, 'Ada');
    await signInThroughForm(page, email);
    await fillCart(page);
    await page.getByRole('button', { name: 'Pay Now' }).click();
    await expect(paymentFrame(page).getByLabel('Email')).toHaveValue(email);
    await fillCard(page, TEST_CARDS.success, email);
    await widgetPayButton(page).click();
    await expect(page).toHaveURL(/\/checkout\/confirmation\?order=ord_/);
    const orderId = new URL(page.url()).searchParams.get('order');

    await page.getByRole('link', { name: 'ACCOUNT' }).click();
    const history = page.getByRole('region', { name: 'Your orders' });
    await expect(history.getByRole('article', { name: `Order ${orderId}` })).toContainText(
      'Total - $270',
    );
  });

  test("no card number is found in the shop's requests, storage or database", async ({ page }) => {
    acceptAlerts(page);
    const shopRequests: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (!url.pathname.startsWith('/pay/'))
        shopRequests.push(`${request.url()} ${request.postData() ?? ''}`);
    });
    await fillCart(page);
    await page.getByRole('button', { name: 'Pay Now' }).click();
    await fillCard(page, TEST_CARDS.success);
    await widgetPayButton(page).click();
    await expect(page).toHaveURL(/\/checkout\/confirmation\?order=ord_/);

    const storage = await page.evaluate(
      () => JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage }),
    );
    const cookies = JSON.stringify(await page.context().cookies());
    const dataDir = process.env.SHOP_DATA_DIR;
    expect(dataDir, 'the harness tells where the shop keeps its data').toBeTruthy();
    const database = readdirSync(dataDir!)
      .filter((file) => file.startsWith('shop.sqlite'))
      .map((file) => readFileSync(`${dataDir}/${file}`).toString('latin1'))
      .join('');
    expect(database.length).toBeGreaterThan(0);
    for (const haystack of [shopRequests.join('\n'), storage, cookies, database]) {
      expect(haystack).not.toContain('4242424242424242');
      expect(haystack).not.toContain('4242 4242 4242 4242');
    }
  });
});
