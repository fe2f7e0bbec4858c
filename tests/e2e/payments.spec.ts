import { readFileSync, readdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { createAccount, signInThroughForm } from './support/accounts.ts';
import {
  expectConfirmationPage,
  PAYING_TIMEOUT,
  fillCard,
  paymentFrame,
  TEST_CARDS,
  widgetPayButton,
} from './support/payment.ts';
import { addButton, checkoutTotal, chooseSize, expectCartCount, visit } from './support/shop.ts';
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
  // Added from the collection pages, without a size: chosen at checkout (issue 13).
  await chooseSize(page, 'Brown Brim', 'L');
  await chooseSize(page, 'Adidas NMD');
  // The widget comes from the provider's origin after the shop names it; until then Pay Now is
  // busy and does nothing, as a shopper sees.
  await expect(page.getByRole('button', { name: 'Pay Now' })).toHaveAttribute('aria-busy', 'false');
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

    await expectConfirmationPage(page);
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
    // The provider's answer: over 10 s at times on this machine under load (as paying, below).
    await expect(
      paymentFrame(page).getByRole('alert').filter({ hasText: 'Your card was declined.' }),
    ).toBeVisible({ timeout: PAYING_TIMEOUT });
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
    // As in the first test: the widget has the page's options (the amount) before the clicks.
    await expect(widgetPayButton(page)).toContainText('$270');
    await widgetPayButton(page).dblclick();
    // A token, an order and a page change: on CI at load 15-19 this took over 10 s.
    await expectConfirmationPage(page);
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
    await expectConfirmationPage(page);
    const orderId = new URL(page.url()).searchParams.get('order');

    await page.getByRole('link', { name: 'ACCOUNT' }).click();
    const history = page.getByRole('region', { name: 'Your orders' });
    await expect(history.getByRole('article', { name: `Order ${orderId}` })).toContainText(
      'Total - $270',
    );
    // No email is sent, so none is promised (issue #10, item 4).
    await expect(history).not.toContainText('receipt goes to');
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
    await expectConfirmationPage(page);

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

  test("the shop's page cannot read the card form, and paying still works", async ({ page }) => {
    const alerts = acceptAlerts(page);
    await fillCart(page);
    await page.getByRole('button', { name: 'Pay Now' }).click();
    await fillCard(page, TEST_CARDS.success);
    await expect(paymentFrame(page).getByLabel('Card number')).toHaveValue(TEST_CARDS.success);

    // What a script injected into the shop's page would try.
    const seen = await page.evaluate(() => {
      const frame = document.querySelector<HTMLIFrameElement>('iframe[data-crwn-pay="frame"]');
      if (!frame) throw new Error('the card form is not open');
      let number: string;
      try {
        number =
          frame.contentWindow?.document.querySelector<HTMLInputElement>('input[name="number"]')
            ?.value ?? 'no field';
      } catch (error) {
        number = `refused: ${(error as Error).name}`;
      }
      return {
        contentDocument: frame.contentDocument === null ? null : 'readable',
        number,
        sameOrigin: new URL(frame.src).origin === location.origin,
      };
    });
    expect(seen).toEqual({
      contentDocument: null,
      number: 'refused: SecurityError',
      sameOrigin: false,
    });

    await widgetPayButton(page).click();
    await expectConfirmationPage(page);
    expect(alerts).toEqual(['Payment Successful!']);
  });

  test('a lost answer, then Pay Now again, gives the one order that was charged', async ({
    page,
  }) => {
    const alerts = acceptAlerts(page);
    const sent: { body: Record<string, unknown>; status: number; orderId: string }[] = [];
    await page.route('**/api/orders', async (route) => {
      if (route.request().method() !== 'POST') return route.continue();
      // The server takes and answers the request; the first answer never reaches the page.
      const response = await route.fetch();
      const answer = (await response.json()) as { order?: { id: string } };
      sent.push({
        body: route.request().postDataJSON() as Record<string, unknown>,
        status: response.status(),
        orderId: answer.order?.id ?? '',
      });
      if (sent.length === 1) return route.abort('connectionreset');
      return route.fulfill({ response });
    });
    await fillCart(page);
    await page.getByRole('button', { name: 'Pay Now' }).click();
    await fillCard(page, TEST_CARDS.success);
    await widgetPayButton(page).click();
    // The token and the order come first (PAYING_TIMEOUT: over 10 s at load 12 in CI).
    await expect(page.getByRole('alert')).toHaveText(
      'We did not hear back from the shop, so your payment may have gone through. Press Pay Now again to finish: you will not be charged twice.',
      { timeout: PAYING_TIMEOUT },
    );
    await expectCartCount(page, 3);
    expect(alerts).toEqual([]);

    // Paying again sends the same request, without asking for the card again.
    await page.getByRole('button', { name: 'Pay Now' }).click();
    await expectConfirmationPage(page);
    expect(alerts).toEqual(['Payment Successful!']);
    const [first, again] = sent;
    expect(sent).toHaveLength(2);
    expect(first?.status).toBe(201);
    // 200: the order that already existed, not a second charge.
    expect(again?.status).toBe(200);
    expect(again?.body).toEqual(first?.body);
    expect(first?.body).toMatchObject({ approvedTotal: 27_000 });
    expect(new URL(page.url()).searchParams.get('order')).toBe(first?.orderId);
    await expect(page.getByRole('article', { name: `Order ${first?.orderId}` })).toContainText(
      'Total - $270',
    );
  });
});

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
]) {
  test.describe(`the card form at ${viewport.width} px`, () => {
    test.use({ viewport });

    // Issue #10, item 3: the message was written above the visible part of the form, and focus
    // fell to the body.
    test('a decline is brought into view, focused and read out', async ({ page }) => {
      acceptAlerts(page);
      await fillCart(page);
      await page.getByRole('button', { name: 'Pay Now' }).click();
      await fillCard(page, TEST_CARDS.declined);
      await widgetPayButton(page).click();
      const declined = paymentFrame(page)
        .getByRole('alert')
        .filter({ hasText: 'Your card was declined.' });
      await expect(declined).toBeFocused();
      await expect(declined).toBeInViewport({ ratio: 1 });
      // Focus stays in the form: the pay button can be reached again from the message.
      await page.keyboard.press('Shift+Tab');
      await expect(paymentFrame(page).getByRole('button', { name: 'Close' })).toBeFocused();
    });

    // Issue #10: a postal code was asked twice, and the country was free text.
    test('asks for the postal code once and the country from a list', async ({ page }) => {
      acceptAlerts(page);
      await fillCart(page);
      await page.getByRole('button', { name: 'Pay Now' }).click();
      const frame = paymentFrame(page);
      await expect(frame.getByLabel('Card number')).toBeEditable();
      await expect(frame.getByRole('textbox', { name: /postal|zip/i })).toHaveCount(1);
      await expect(frame.getByLabel('ZIP code')).toBeHidden();
      const country = frame
        .getByRole('group', { name: 'Billing address' })
        .getByRole('combobox', { name: 'Country' });
      await expect(country.getByRole('option', { name: 'United Kingdom' })).toHaveAttribute(
        'value',
        'GB',
      );
      expect(await country.getByRole('option').count()).toBeGreaterThan(240);
      await fillCard(page, TEST_CARDS.success);
      await widgetPayButton(page).click();
      await expectConfirmationPage(page);
      await expect(page.getByRole('article', { name: /^Order ord_/ })).toContainText(
        'SW1Y 4JH London, United Kingdom',
      );
    });
  });
}
