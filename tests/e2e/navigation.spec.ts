import type { Page } from '@playwright/test';
import { PASSWORD, freshEmail, signUpForm } from './support/accounts.ts';
import { main, visit } from './support/shop.ts';
import { expect, test } from './support/test.ts';

const scrollY = (page: Page) => page.evaluate(() => window.scrollY);

/** Where focus is: the tag and text of the focused element, and whether it is inside <main>. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement;
    return {
      tag: element?.tagName.toLowerCase(),
      text: element?.textContent?.trim().slice(0, 40),
      inMain: Boolean(element?.closest('main')),
    };
  });

/** Focus sits on the new page's own heading, or on <main> itself. */
async function expectFocusOnPage(page: Page, heading: string | RegExp): Promise<void> {
  await expect
    .poll(async () => {
      const { tag, text, inMain } = await focused(page);
      if (tag === 'main') return 'main';
      return inMain && tag === 'h1' && text ? text : `${tag ?? 'nothing'} outside the page`;
    })
    .toMatch(typeof heading === 'string' ? new RegExp(`^(main|${heading})$`) : heading);
}

test.describe('on a 390 px phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('after sign-up the home page opens at its top, with focus on it', async ({ page }) => {
    await visit(page, '/signin');
    const form = signUpForm(page);
    await form.getByLabel('Display Name').fill('Grace');
    await form.getByLabel('Email').fill(freshEmail('grace'));
    await form.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await form.getByLabel('Confirm Password').fill(PASSWORD);
    const signUp = form.getByRole('button', { name: 'SIGN UP' });
    // The precondition, checked before the tap that changes it (after it, the new page may
    // already be at its top): the button sits far down the phone's page.
    await signUp.scrollIntoViewIfNeeded();
    expect(await scrollY(page)).toBeGreaterThan(200);
    await signUp.tap();

    await expect(page).toHaveURL('/');
    await expect(main(page).getByRole('link', { name: /HATS/ })).toBeVisible();
    await expect.poll(() => scrollY(page)).toBe(0);
    await expectFocusOnPage(page, 'CRWN Clothing');
  });

  test('a link far down a page opens the next page at its top', async ({ page }) => {
    await visit(page, '/shop');
    const mens = main(page).getByRole('link', { name: 'MENS', exact: true });
    await mens.scrollIntoViewIfNeeded();
    expect(await scrollY(page)).toBeGreaterThan(500);
    await mens.tap();
    await expect(page).toHaveURL('/shop/mens');
    await expect(main(page).getByRole('heading', { level: 1 })).toHaveText('MENS');
    await expect.poll(() => scrollY(page)).toBe(0);
    await expectFocusOnPage(page, 'MENS');
  });

  test('going back returns to where the shopper was', async ({ page }) => {
    await visit(page, '/shop');
    const mens = main(page).getByRole('link', { name: 'MENS', exact: true });
    await mens.scrollIntoViewIfNeeded();
    const before = await scrollY(page);
    await mens.tap();
    await expect(page).toHaveURL('/shop/mens');
    await page.goBack();
    await expect(page).toHaveURL('/shop');
    await expect.poll(() => scrollY(page)).toBeGreaterThan(before - 50);
  });
});

test('a keyboard user goes on from the new page, not from the skip link', async ({ page }) => {
  await visit(page, '/');
  // The first load leaves focus where the browser puts it.
  expect((await focused(page)).tag).toBe('body');
  const contact = page.getByRole('banner').getByRole('link', { name: 'CONTACT', exact: true });
  await contact.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL('/contact');
  await expectFocusOnPage(page, 'Contact us');
  await page.keyboard.press('Tab');
  const next = await focused(page);
  expect(next.inMain || next.tag === 'footer').toBe(true);
  expect(next.text).not.toBe('Skip to content');
});
