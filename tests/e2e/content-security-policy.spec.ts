import type { BrowserContext, Page, Response } from '@playwright/test';
import { PASSWORD, freshEmail, signInForm } from './support/accounts.ts';
import {
  expectConfirmationPage,
  fillCard,
  paymentFrame,
  TEST_CARDS,
  widgetPayButton,
} from './support/payment.ts';
import {
  SHOP_PAGES,
  addButton,
  cartButton,
  cartDropdown,
  expectCartCount,
  visit,
  chooseSize,
} from './support/shop.ts';
import { expect, test } from './support/test.ts';

/**
 * Records every Content-Security-Policy violation in every page and frame of the context (the
 * card widget's frame and the sign-in popup included), from the browser's own event and from
 * the console, where Chromium also reports what a policy blocked or could not parse.
 */
async function watchPolicies(context: BrowserContext): Promise<string[]> {
  const violations: string[] = [];
  await context.exposeBinding('__reportCspViolation', ({ frame }, text: string) => {
    violations.push(`${text} (in ${frame.url()})`);
  });
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { __reportCspViolation: (text: string) => void })
        .__reportCspViolation;
      void report(
        `${event.effectiveDirective} blocked ${event.blockedURI || 'inline'} at ${event.sourceFile}:${event.lineNumber} ${event.sample}`,
      );
    });
  });
  context.on('console', (message) => {
    if (/Content.Security.Policy|Permissions.Policy/i.test(message.text())) {
      violations.push(`console: ${message.text()}`);
    }
  });
  return violations;
}

/** The page's policies are there, and allow no inline script or style but by hash. */
function expectPolicies(response: Response | null, url: string): void {
  const headers = response?.headers() ?? {};
  const policy = headers['content-security-policy'] ?? '';
  const scriptSrc = policy.split(';').find((part) => part.trim().startsWith('script-src')) ?? '';
  expect(scriptSrc, `${url}: script-src`).toContain("'sha256-");
  expect(scriptSrc, `${url}: script-src`).not.toMatch(/'unsafe-inline'|'unsafe-eval'/);
  const styleSrc = policy.split(';').find((part) => part.trim().startsWith('style-src')) ?? '';
  expect(styleSrc, `${url}: style-src`).toContain("'sha256-");
  expect(styleSrc, `${url}: style-src`).not.toContain("'unsafe-inline'");
  expect(policy, `${url}: frame-ancestors`).toContain("frame-ancestors 'none'");
  expect(policy, `${url}: object-src`).toContain("object-src 'none'");
  expect(headers['permissions-policy'], `${url}: Permissions-Policy`).toContain('camera=()');
}

async function openAndCloseCart(page: Page): Promise<void> {
  await cartButton(page).click();
  await expect(cartDropdown(page)).toBeVisible();
  await cartButton(page).click();
  await expect(cartDropdown(page)).toBeHidden();
}

test.describe('Content-Security-Policy', () => {
  // A test per page, each with its own time limit: one test for them all ran out of time on a
  // busy machine before the last page (issue 25).
  for (const url of [...SHOP_PAGES, '/no/such/page']) {
    test(`${url} boots and works under its policy, with no violation`, async ({ context }) => {
      const violations = await watchPolicies(context);
      const page = await context.newPage();
      const response = await visit(page, url);
      expectPolicies(response, url);
      await openAndCloseCart(page);
      expect(violations).toEqual([]);
    });
  }

  test('pages reached by the app’s own navigation keep to their policy', async ({ context }) => {
    const violations = await watchPolicies(context);
    const page = await context.newPage();
    // Such pages bring their styles and scripts later than the first.
    await visit(page, '/');
    await page.getByRole('link', { name: 'SHOP', exact: true }).click();
    await expect(page).toHaveURL('/shop');
    await page.getByRole('link', { name: 'CONTACT', exact: true }).click();
    await expect(page).toHaveURL('/contact');
    expect(violations).toEqual([]);
  });

  test('the card widget opens and pays under the checkout page’s policy', async ({ context }) => {
    const violations = await watchPolicies(context);
    const page = await context.newPage();
    page.on('dialog', (dialog) => void dialog.accept());
    await visit(page, '/shop/hats');
    await addButton(page, 'Brown Brim').click();
    await expectCartCount(page, 1);
    const response = await visit(page, '/checkout');
    expectPolicies(response, '/checkout');
    // The size chooser and its catalogue request run under the policy too (issue 13).
    await chooseSize(page, 'Brown Brim', 'L');
    await page.getByRole('button', { name: 'Pay Now' }).click();
    await fillCard(page, TEST_CARDS.success);
    await expect(paymentFrame(page).getByLabel('Card number')).toBeVisible();
    await widgetPayButton(page).click();
    await expectConfirmationPage(page);
    await expect(page.getByRole('article', { name: /^Order ord_/ })).toBeVisible();
    expect(violations).toEqual([]);
  });

  test('Sign In With Google completes in its popup with no violation', async ({ context }) => {
    const violations = await watchPolicies(context);
    const page = await context.newPage();
    await visit(page, '/signin');
    const popupOpened = page.waitForEvent('popup');
    await signInForm(page).getByRole('button', { name: 'Sign In With Google' }).click();
    const popup = await popupOpened;
    await popup.getByRole('link', { name: 'Use another account' }).click();
    await popup.getByLabel('Email').fill(freshEmail('csp'));
    await popup.getByLabel(/^Name/).fill('Grace Hopper');
    await popup.getByLabel(/^Password/).fill(PASSWORD);
    const closed = popup.waitForEvent('close');
    await popup.getByRole('button', { name: 'Continue' }).click({ noWaitAfter: true });
    // The popup's last page posts the result to the shop and closes itself: its script ran.
    await closed;
    await expect(page.getByRole('button', { name: 'SIGN OUT' })).toBeVisible();
    expect(violations).toEqual([]);
  });
});
