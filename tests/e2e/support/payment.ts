import type { FrameLocator, Locator, Page } from '@playwright/test';
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
  // The frame loads from the provider's origin once Pay Now is pressed: part of paying.
  await expect(frame.getByRole('dialog', { name: merchant, exact: true })).toBeVisible({
    timeout: PAYING_TIMEOUT,
  });
  const emailField = frame.getByLabel('Email');
  if ((await emailField.inputValue()) === '') await typeInto(emailField, email);
  await typeInto(frame.getByLabel('Card number'), number);
  await typeInto(frame.getByLabel('Expiry (MM / YY)'), '12 / 34');
  await typeInto(frame.getByLabel('CVC'), '123');
  // The card's ZIP is the billing address's postal code: asked once, below.
  const billing = frame.getByRole('group', { name: 'Billing address' });
  await typeInto(billing.getByLabel('Name'), ADDRESS.name);
  await typeInto(billing.getByLabel('Street address'), ADDRESS.line1);
  await typeInto(billing.getByLabel('City'), ADDRESS.city);
  await typeInto(billing.getByLabel('Postal code'), ADDRESS.zip);
  await billing.getByLabel('Country').selectOption({ label: ADDRESS.country });
}

/**
 * Clicks into a field of the card form and types, as a shopper does. A fill alone focuses the
 * field from script: at load 20 the browser had not yet moved its keyboard focus into the
 * provider's frame (another process) when the text came, and every field stayed empty.
 */
async function typeInto(field: Locator, value: string): Promise<void> {
  await field.click();
  await field.fill(value);
  await expect(field).toHaveValue(value);
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
