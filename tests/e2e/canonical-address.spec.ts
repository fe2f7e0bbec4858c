import type { Page } from '@playwright/test';
import { createAccount, PASSWORD, signInForm } from './support/accounts.ts';
import { main, waitForShop } from './support/shop.ts';
import { expect, test } from './support/test.ts';

// Issue #10, items 6 and 14: one page at one address (docs/decisions/024).

const SCREENS = [
  { name: 'a phone', viewport: { width: 390, height: 844 } },
  { name: 'a laptop', viewport: { width: 1280, height: 800 } },
];

/** The page's top-level headings: one page drawn shows exactly one. */
const pageHeadings = (page: Page) => main(page).getByRole('heading', { level: 1 });

/**
 * Sends the app to `path` as a client-side navigation (the browser's history, as Back and
 * Forward do): no request reaches the server, so only the client's route matching decides.
 */
async function navigateInApp(page: Page, path: string) {
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

for (const screen of SCREENS) {
  test.describe(`paths in upper case, on ${screen.name}`, () => {
    test.use({ viewport: screen.viewport });

    for (const [path, canonical, heading] of [
      ['/SHOP', '/shop', 'Shop'],
      ['/Contact', '/contact', 'Contact us'],
      ['/shop/Hats?ref=mail', '/shop/hats?ref=mail', 'HATS'],
    ] as const) {
      test(`${path} opens ${canonical}, one page and no 404`, async ({ page }) => {
        const errors: string[] = [];
        page.on('pageerror', (error) => errors.push(error.message));
        const response = await page.goto(path);
        expect(response?.status()).toBe(200);
        await expect(page).toHaveURL(canonical);
        await waitForShop(page);
        await expect(pageHeadings(page)).toHaveCount(1);
        await expect(pageHeadings(page)).toHaveText(new RegExp(`^${heading}$`, 'i'));
        await expect(page.getByText('Page not found')).toHaveCount(0);
        expect(errors).toEqual([]);
      });
    }

    test('/SHOP/unknown goes to /shop/unknown, not found, answered 404, drawn once', async ({
      page,
    }) => {
      const response = await page.goto('/SHOP/unknown');
      expect(response?.status()).toBe(404);
      await waitForShop(page);
      await expect(page).toHaveURL('/shop/unknown');
      await expect(pageHeadings(page)).toHaveText(['Page not found']);
    });

    test('a link inside the app to /SHOP lands on /shop, as a fresh load would', async ({
      page,
    }) => {
      await page.goto('/contact');
      await waitForShop(page);
      await navigateInApp(page, '/SHOP?ref=mail');
      await expect(page).toHaveURL('/shop?ref=mail');
      await expect(pageHeadings(page)).toHaveCount(1);
      await expect(page.getByText('Page not found')).toHaveCount(0);

      await navigateInApp(page, '/SHOP/unknown');
      await expect(pageHeadings(page)).toHaveText(['Page not found']);
      await expect(page).toHaveURL('/shop/unknown');
    });
  });

  test.describe(`the shop opened at another host name, on ${screen.name}`, () => {
    test.use({ viewport: screen.viewport });

    test('sends the shopper to the shop address, where signing in works', async ({
      page,
      request,
      baseURL,
    }) => {
      const shop = new URL(baseURL ?? '');
      // Chromium resolves every *.localhost name to this machine: the same server, another name.
      const other = new URL(shop);
      other.hostname = 'shop.localhost';
      const email = await createAccount(request);

      const response = await page.goto(new URL('/signin?from=mail', other).href);
      expect(response?.status()).toBe(200);
      await expect(page).toHaveURL(`${shop.origin}/signin?from=mail`);

      await waitForShop(page);
      const form = signInForm(page);
      await form.getByLabel('Email').fill(email);
      await form.getByLabel('Password').fill(PASSWORD);
      await form.getByRole('button', { name: 'Sign In', exact: true }).click();
      await expect
        .poll(async () => {
          const session = await page.request.get(`${shop.origin}/api/auth/get-session`);
          return ((await session.json()) as { user?: { email: string } } | null)?.user?.email;
        })
        .toBe(email);
      await expect(page.getByText(/invalid origin/i)).toHaveCount(0);
    });
  });
}
