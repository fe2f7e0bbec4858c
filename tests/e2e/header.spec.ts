import type { Locator, Page } from '@playwright/test';
import { createAccount } from './support/accounts.ts';
import { cartButton, cartDropdown, main, seedCart, visit } from './support/shop.ts';
import { expect, test } from './support/test.ts';

/** The smallest tap target WCAG 2.5.5 asks for, in CSS pixels. */
const TAP = 44;

const WIDTHS = [320, 360, 390, 412, 1280];

const banner = (page: Page): Locator => page.getByRole('banner');
const menuButton = (page: Page): Locator =>
  banner(page).getByRole('button', { name: 'MENU', exact: true });

/** The header's links as the spec names them, for a shopper signed in or out. */
function headerLinks(signedIn: boolean): Array<{ name: string; role: 'link' | 'button' }> {
  return [
    { name: 'SHOP', role: 'link' },
    { name: 'CONTACT', role: 'link' },
    ...(signedIn
      ? [
          { name: 'ACCOUNT', role: 'link' as const },
          { name: 'SIGN OUT', role: 'button' as const },
        ]
      : [{ name: 'SIGN IN', role: 'link' as const }]),
  ];
}

/** Fails unless the element is drawn whole inside the viewport and at least 44 by 44 px. */
async function expectTappable(page: Page, target: Locator, label: string): Promise<void> {
  await expect(target, label).toBeVisible();
  const box = await target.boundingBox();
  const width = page.viewportSize()?.width ?? 0;
  expect(box, label).not.toBeNull();
  if (!box) return;
  expect(box.x, `${label} starts inside the screen`).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width, `${label} ends inside the screen`).toBeLessThanOrEqual(width + 0.5);
  expect(box.width, `${label} is wide enough to tap`).toBeGreaterThanOrEqual(TAP);
  expect(box.height, `${label} is tall enough to tap`).toBeGreaterThanOrEqual(TAP);
}

/** How many lines the element's text is drawn on. */
const textLines = (target: Locator): Promise<number> =>
  target.evaluate((element) => {
    const range = document.createRange();
    range.selectNodeContents(element);
    const tops = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
    return tops.size;
  });

/** Shows the header's links: at once on a wide screen, through the menu on a narrow one. */
async function openLinks(page: Page): Promise<void> {
  if (await menuButton(page).isVisible()) {
    await expect(menuButton(page)).toHaveAttribute('aria-expanded', 'false');
    await menuButton(page).click();
    await expect(menuButton(page)).toHaveAttribute('aria-expanded', 'true');
  }
}

for (const signedIn of [false, true]) {
  for (const width of WIDTHS) {
    test(`the header fits ${width} px ${signedIn ? 'signed in' : 'signed out'}, every link reachable`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: 800 });
      if (signedIn) await createAccount(page.request);
      await visit(page, '/');
      // Linked only once the session is known.
      if (signedIn) await expect(banner(page).locator('a[href="/account"]')).toBeAttached();

      const header = banner(page);
      expect(
        await header.evaluate((element) => element.scrollWidth <= element.clientWidth),
        'nothing in the header overflows it',
      ).toBe(true);
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
        'the page does not scroll sideways',
      ).toBe(true);
      await expectTappable(page, cartButton(page), 'the cart');
      await expectTappable(page, header.getByRole('link', { name: 'CRWN Clothing, home' }), 'logo');

      await openLinks(page);
      for (const { name, role } of headerLinks(signedIn)) {
        const link = header.getByRole(role, { name, exact: true });
        await expectTappable(page, link, name);
        expect(await textLines(link), `${name} is on one line`).toBe(1);
      }
      // Nothing the menu opened hides the cart.
      await expectTappable(page, cartButton(page), 'the cart with the links shown');
    });
  }
}

test.describe('on a 390 px phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('the menu says whether it is open, and which panel it opens', async ({ page }) => {
    await visit(page, '/');
    const button = menuButton(page);
    await expect(banner(page).getByRole('link', { name: 'SHOP', exact: true })).toBeHidden();
    const controls = await button.getAttribute('aria-controls');
    expect(controls).toBeTruthy();
    await button.tap();
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    const panel = page.locator(`[id="${controls}"]`);
    await expect(panel.getByRole('link', { name: 'SHOP', exact: true })).toBeVisible();
    await button.tap();
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    await expect(panel.getByRole('link', { name: 'SHOP', exact: true })).toBeHidden();
  });

  test('Escape closes the menu and puts focus back on its button', async ({ page }) => {
    await visit(page, '/');
    await menuButton(page).focus();
    await page.keyboard.press('Enter');
    await expect(menuButton(page)).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('Tab');
    await expect(banner(page).getByRole('link', { name: 'SHOP', exact: true })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(menuButton(page)).toHaveAttribute('aria-expanded', 'false');
    await expect(menuButton(page)).toBeFocused();
    await expect(banner(page).getByRole('link', { name: 'SHOP', exact: true })).toBeHidden();
  });

  test('a link of the menu goes to its page and closes the menu', async ({ page }) => {
    await visit(page, '/');
    await menuButton(page).tap();
    await banner(page).getByRole('link', { name: 'CONTACT', exact: true }).tap();
    await expect(page).toHaveURL('/contact');
    await expect(main(page).getByRole('heading', { name: 'Contact us' })).toBeVisible();
    await expect(menuButton(page)).toHaveAttribute('aria-expanded', 'false');
    await expect(banner(page).getByRole('link', { name: 'CONTACT', exact: true })).toBeHidden();
  });

  test('a signed-in shopper reaches SIGN OUT through the menu', async ({ page }) => {
    await createAccount(page.request);
    await visit(page, '/');
    await menuButton(page).tap();
    await banner(page).getByRole('button', { name: 'SIGN OUT', exact: true }).tap();
    await expect(menuButton(page)).toHaveAttribute('aria-expanded', 'false');
    await menuButton(page).tap();
    await expect(banner(page).getByRole('link', { name: 'SIGN IN', exact: true })).toBeVisible();
    await expect(banner(page).getByRole('link', { name: 'ACCOUNT', exact: true })).toHaveCount(0);
  });

  test('the bag still opens the dropdown, and the menu and the dropdown are not open together', async ({
    page,
  }) => {
    await seedCart(page, [['Brown Brim', 2]]);
    await visit(page, '/');
    await cartButton(page).tap();
    await expect(cartDropdown(page).getByRole('listitem')).toHaveText([/Brown Brim\s*2 x \$25/]);
    await menuButton(page).tap();
    await expect(cartDropdown(page)).toBeHidden();
    await cartButton(page).tap();
    await expect(cartDropdown(page)).toBeVisible();
    await expect(menuButton(page)).toHaveAttribute('aria-expanded', 'false');
  });
});

test('the cart dropdown fits a 320 px screen', async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 640 });
  await seedCart(page, [
    ['Brown Brim', 1],
    ['Adidas NMD', 2],
  ]);
  await visit(page, '/shop');
  await cartButton(page).click();
  const dropdown = cartDropdown(page);
  await expect(dropdown).toBeVisible();
  const box = await dropdown.boundingBox();
  expect(box).not.toBeNull();
  expect(box?.x ?? -1).toBeGreaterThanOrEqual(0);
  expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(320);
  await expectTappable(
    page,
    dropdown.getByRole('button', { name: 'GO TO CHECKOUT' }),
    'GO TO CHECKOUT',
  );
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= 320)).toBe(true);
});
