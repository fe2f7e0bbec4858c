import type { Page } from '@playwright/test';
import { PASSWORD, createAccount, freshEmail, signUpForm } from './support/accounts.ts';
import { main, waitForShop } from './support/shop.ts';
import { expect, test } from './support/test.ts';

// Issue #10, items 9 and 12: the sign-up form's rules, and the account page on a phone.

const SCREENS = [
  { name: 'a small phone', viewport: { width: 320, height: 640 } },
  { name: 'a phone', viewport: { width: 390, height: 844 } },
  { name: 'a laptop', viewport: { width: 1280, height: 800 } },
];

/**
 * The elements of the page's own content (not the header, which is another item of the issue)
 * that reach past the right edge of the screen.
 */
const pastTheEdge = (page: Page) =>
  main(page).evaluate((content) =>
    [...content.querySelectorAll('*')]
      .filter((element) => element.getBoundingClientRect().right > window.innerWidth)
      .map((element) => `${element.tagName.toLowerCase()}.${element.className}`),
  );

for (const screen of SCREENS) {
  test.describe(`on ${screen.name}`, () => {
    test.use({ viewport: screen.viewport });

    test('the sign-up form states the password rule and the display name limit before any failure', async ({
      page,
    }) => {
      await page.goto('/signin');
      await waitForShop(page);
      const form = signUpForm(page);
      const password = form.getByLabel('Password', { exact: true });
      await expect(password).toHaveAccessibleDescription('At least 12 characters');
      await expect(form.getByText('At least 12 characters')).toBeVisible();
      const displayName = form.getByLabel('Display Name');
      await expect(displayName).toHaveAccessibleDescription('Up to 60 characters');
      await expect(form.getByText('Up to 60 characters')).toBeVisible();

      // The field takes no more than the server accepts.
      await displayName.fill('x'.repeat(70));
      await expect(displayName).toHaveValue('x'.repeat(60));
      expect(await pastTheEdge(page)).toEqual([]);
    });

    test('the account page lines up its sections and keeps a long email on screen', async ({
      page,
      request,
    }) => {
      // 60 characters and no space to break at.
      const email = `${'long'.repeat(8)}${freshEmail('e').replace(/\D/g, '').slice(-16).padStart(16, '0')}@example.com`;
      await createAccount(request, 'Ada', email);
      const signIn = await page.request.post('/api/auth/sign-in/email', {
        data: { email, password: PASSWORD },
      });
      expect(signIn.status()).toBe(200);
      await page.goto('/account');
      await waitForShop(page);

      const shown = main(page).getByText(email, { exact: true });
      await expect(shown).toBeVisible();
      const ordersHeading = main(page).getByRole('heading', { name: 'Your orders' });
      await expect(ordersHeading).toBeVisible();
      expect(await pastTheEdge(page)).toEqual([]);
      const box = await shown.boundingBox();
      expect(box && box.x + box.width).toBeLessThanOrEqual(screen.viewport.width);

      const account = await main(page)
        .getByRole('heading', { name: 'Your account', exact: true })
        .boundingBox();
      const orders = await ordersHeading.boundingBox();
      expect(Math.round(orders?.x ?? -1)).toBe(Math.round(account?.x ?? -2));
    });
  });
}

test('a display name longer than the server accepts gets the server’s own message', async ({
  page,
}) => {
  await page.goto('/signin');
  await waitForShop(page);
  const form = signUpForm(page);
  // As an old cached page without the limit would send it.
  await form.getByLabel('Display Name').evaluate((input) => input.removeAttribute('maxlength'));
  await form.getByLabel('Display Name').fill('x'.repeat(61));
  await form.getByLabel('Email').fill(freshEmail('long-name'));
  await form.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await form.getByLabel('Confirm Password').fill(PASSWORD);
  await form.getByRole('button', { name: 'SIGN UP' }).click();
  await expect(form.getByRole('alert')).toContainText('at most 60 characters');
});
