import type { Page } from '@playwright/test';
import { payAsGuest } from './support/payment.ts';
import { main, watchPage } from './support/shop.ts';
import { expect, test } from './support/test.ts';

/** Records, from before the page's first byte, whether `text` is ever drawn on it. */
async function watchForText(page: Page, text: string) {
  await page.addInitScript((watched) => {
    const seen = () => document.body?.textContent?.includes(watched) ?? false;
    const record = () => {
      if (seen()) sessionStorage.setItem('e2e:seen', watched);
    };
    new MutationObserver(record).observe(document, {
      childList: true,
      subtree: true,
      characterData: true,
    });
  }, text);
  return () => page.evaluate(() => sessionStorage.getItem('e2e:seen'));
}

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
]) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    // Issue #10, item 7.
    test('a reload of the confirmation shows the order, never "No order to show", with no hydration error', async ({
      page,
    }) => {
      await payAsGuest(page);
      const seenNoOrder = await watchForText(page, 'No order to show');
      const problems = watchPage(page);
      const response = await page.reload();
      expect(response?.status()).toBe(200);
      expect(await response?.text()).not.toContain('No order to show');
      await expect(page.getByRole('article', { name: /^Order ord_/ })).toContainText('Total - $50');
      await expect(page).toHaveTitle(/^Order confirmed/);
      expect(await seenNoOrder()).toBeNull();
      expect(problems.consoleErrors).toEqual([]);
      expect(problems.pageErrors).toEqual([]);
    });

    test('a wrong or missing receipt is a 404 not-found page, not "Order confirmed"', async ({
      page,
    }) => {
      await payAsGuest(page);
      const url = new URL(page.url());
      const problems = watchPage(page);
      const wrong = new URL(url);
      wrong.searchParams.set('receipt', 'A'.repeat(43));
      const missing = new URL(url);
      missing.searchParams.delete('receipt');
      for (const address of [wrong, missing, new URL('/checkout/confirmation', url)]) {
        const response = await page.goto(address.href);
        expect(response?.status(), address.search).toBe(404);
        await expect(main(page).getByRole('heading', { name: 'Page not found' })).toBeVisible();
        await expect(page).toHaveTitle(/^Page not found/);
        await expect(page.getByRole('article')).toHaveCount(0);
      }
      // The browser logs each 404 document it loads; nothing else may go wrong.
      expect(problems.consoleErrors.filter((error) => !/status of 404/.test(error))).toEqual([]);
      expect(problems.pageErrors).toEqual([]);
    });

    // Issue #10, item 4.
    test('says the confirmation email is on its way, and offers to copy the receipt link', async ({
      page,
      context,
    }) => {
      await context.grantPermissions(['clipboard-read', 'clipboard-write']);
      await payAsGuest(page);
      await expect(main(page)).not.toContainText('receipt goes to');
      // Issue 15: without SMTP_URL the email is kept in the outbox, queued all the same.
      await expect(main(page)).toContainText('A confirmation email is on its way to');
      await expect(main(page)).toContainText('The confirmation email has this link too');
      const keep = page.getByRole('region', { name: 'Keep this link' });
      await expect(keep.getByRole('textbox', { name: 'Link to your order' })).toHaveValue(
        page.url(),
      );
      await expect(keep).toContainText('bookmark this page');
      await keep.getByRole('button', { name: 'Copy link' }).click();
      await expect(keep.getByRole('status')).toHaveText('Link copied.');
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(page.url());
    });

    test('where the clipboard is refused, the link is selected for the shopper to copy', async ({
      page,
    }) => {
      // The browser refusing, as it does without permission or off a secure context.
      await page.addInitScript(() => {
        Object.defineProperty(navigator, 'clipboard', {
          value: { writeText: () => Promise.reject(new DOMException('Denied', 'NotAllowedError')) },
        });
      });
      await payAsGuest(page);
      const keep = page.getByRole('region', { name: 'Keep this link' });
      await keep.getByRole('button', { name: 'Copy link' }).click();
      await expect(keep.getByRole('status')).toContainText('the link is selected, press Ctrl+C');
      const field = keep.getByRole('textbox', { name: 'Link to your order' });
      await expect(field).toBeFocused();
      expect(
        await field.evaluate((input: HTMLInputElement) => [
          input.selectionStart,
          input.selectionEnd,
          input.value.length,
        ]),
      ).toEqual([0, page.url().length, page.url().length]);
    });
  });
}
