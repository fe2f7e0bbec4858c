import type { FrameLocator, Page } from '@playwright/test';
import { seedCart, visit } from './shop.ts';
import { expect } from './test.ts';

export const TEST_CARDS = {
  success: '4242 4242 4242 4242',
  declined: '4000 0000 0000 0002',
} as const;

/** The card widget's frame over the checkout page. */
export const paymentFrame = (page: Page): FrameLocator =>
  page.frameLocator('iframe[data-crwn-pay="frame"]');

const ADDRESS = {
  name: 'Ada Lovelace',
  line1: '12 St James Square',
  city: 'London',
  zip: 'SW1Y 4JH',
  country: 'United Kingdom',
};

/**
 * Fills the widget's card form as a shopper does (billing address; shipping the same). The form
 * names the shop it pays (`merchant`: the shop's name from its settings, ADR 048).
 */
export async function fillCard(
  page: Page,
  number: string,
  email = 'ada@example.com',
  merchant = 'CRWN Clothing',
) {
  const frame = paymentFrame(page);
  await expect(frame.getByRole('dialog', { name: merchant, exact: true })).toBeVisible();
  const emailField = frame.getByLabel('Email');
  if ((await emailField.inputValue()) === '') await emailField.fill(email);
  await frame.getByLabel('Card number').fill(number);
  await frame.getByLabel('Expiry (MM / YY)').fill('12 / 34');
  await frame.getByLabel('CVC').fill('123');
  // The card's ZIP is the billing address's postal code: asked once, below.
  const billing = frame.getByRole('group', { name: 'Billing address' });
  await billing.getByLabel('Name').fill(ADDRESS.name);
  await billing.getByLabel('Street address').fill(ADDRESS.line1);
  await billing.getByLabel('City').fill(ADDRESS.city);
  await billing.getByLabel('Postal code').fill(ADDRESS.zip);
  await billing.getByLabel('Country').selectOption({ label: ADDRESS.country });
}

/** The widget's pay button (its text carries the amount). */
export const widgetPayButton = (page: Page) =>
  paymentFrame(page).getByRole('button', { name: /^Pay Now/ });

/**
 * How long the widget's Pay may take to give its outcome (a token, an order, an answer): over
 * 10 s at times when the shared 2-core machine is at load 9 or more.
 */
export const PAYING_TIMEOUT = 30_000;

/**
 * Waits for the order's confirmation page after the widget's Pay: a token, an order and a page
 * change, over 10 s at times when the shared 2-core machine is at load 9 or more. `also` is more
 * of its address (a guest's receipt).
 */
export async function expectConfirmationPage(page: Page, also?: RegExp): Promise<void> {
  await expect(page).toHaveURL(/\/checkout\/confirmation\?order=ord_\w+/, {
    timeout: PAYING_TIMEOUT,
  });
  if (also) await expect(page).toHaveURL(also);
}

/**
 * Pays for a cart of two Brown Brims as a guest (accepting the 'Payment Successful!' alert) and
 * waits for the order's confirmation page.
 */
export async function payAsGuest(page: Page): Promise<void> {
  page.on('dialog', (dialog) => void dialog.accept());
  await seedCart(page, [['Brown Brim', 2, 'L']]);
  await visit(page, '/checkout');
  await expect(page.getByRole('button', { name: 'Pay Now' })).toHaveAttribute('aria-busy', 'false');
  await page.getByRole('button', { name: 'Pay Now' }).click();
  await fillCard(page, TEST_CARDS.success);
  await widgetPayButton(page).click();
  await expectConfirmationPage(page, /&receipt=/);
  await expect(page.getByRole('article', { name: /^Order ord_/ })).toContainText('Total - $50');
}
