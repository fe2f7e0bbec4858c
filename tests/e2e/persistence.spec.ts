import type { Page } from '@playwright/test';
import {
  addButton,
  cartButton,
  cartDropdown,
  checkoutRow,
  checkoutTotal,
  expectCartCount,
  persistedRoot,
  seedCart,
  seedStorage,
  storedLine,
  storedCartLines,
  visit,
  watchPage,
} from './support/shop.ts';
import { escapeRegExp } from './support/catalogue.ts';
import { expect, test } from './support/test.ts';

declare global {
  interface Window {
    /** Every text the watched element has shown, in order, from the first byte of HTML on. */
    __recordedTexts?: string[];
  }
}

/**
 * Records every text the element matching `selector` ever shows, from before the page's own
 * scripts run, so even a wrong value shown for a moment is caught.
 */
async function recordTexts(page: Page, selector: string): Promise<void> {
  await page.addInitScript((watched) => {
    const seen: string[] = [];
    window.__recordedTexts = seen;
    const sample = () => {
      const element = document.querySelector(watched);
      if (!element) return;
      const text = element.textContent ?? '';
      if (seen[seen.length - 1] !== text) seen.push(text);
    };
    new MutationObserver(sample).observe(document, {
      childList: true,
      subtree: true,
      characterData: true,
    });
  }, selector);
}

const recordedTexts = (page: Page): Promise<string[]> =>
  page.evaluate(() => window.__recordedTexts ?? []);

test('a reload keeps the cart', async ({ page }) => {
  await visit(page, '/shop/hats');
  await addButton(page, 'Brown Brim').click();
  await addButton(page, 'Brown Brim').click();
  await addButton(page, 'Red Beanie').click();
  await expectCartCount(page, 3);
  // The cart is written to localStorage as it changes: references only (product, size,
  // quantity), names and prices being the catalogue's as it is now (ADR 053).
  await expect
    .poll(() => storedCartLines(page))
    .toEqual([
      { id: 1, quantity: 2 },
      { id: 7, quantity: 1 },
    ]);

  await page.reload();
  await expectCartCount(page, 3);
  await cartButton(page).click();
  await expect(cartDropdown(page).getByRole('listitem')).toHaveText([
    /Brown Brim\s*2 x \$25/,
    /Red Beanie\s*1 x \$18/,
  ]);
});

test('the cart count never shows a wrong 0 while a stored cart loads', async ({ page }) => {
  await seedCart(page, [
    ['Brown Brim', 2],
    ['Adidas NMD', 1],
  ]);
  await recordTexts(page, '[data-testid=cart-count]');
  await visit(page, '/checkout');
  await expectCartCount(page, 3);
  const texts = await recordedTexts(page);
  expect(texts, `counts shown: ${JSON.stringify(texts)}`).not.toContain('0');
  expect(texts.at(-1)).toBe('3');

  // The same on a reload and on another page.
  await page.reload();
  await expectCartCount(page, 3);
  expect(await recordedTexts(page)).not.toContain('0');
  await page.goto('/shop/hats');
  await expectCartCount(page, 3);
  expect(await recordedTexts(page)).not.toContain('0');
});

test('the checkout never shows a wrong total while a stored cart loads', async ({ page }) => {
  await seedCart(page, [['Adidas Yeezy', 2]]);
  await recordTexts(page, '[data-testid=checkout-total]');
  await visit(page, '/checkout');
  await expect(checkoutTotal(page)).toHaveText('Total - $560');
  const totals = await recordedTexts(page);
  expect(totals, `totals shown: ${JSON.stringify(totals)}`).not.toContain('Total - $0');
  expect(totals.at(-1)).toBe('Total - $560');
});

interface Case {
  name: string;
  stored: string;
  /** The lines the shop must show, as `quantity x $price` in the dropdown. */
  lines: Array<[name: string, quantity: number, price: number]>;
}

const brim = (quantity: unknown): Record<string, unknown> => ({
  ...storedLine('Brown Brim', 1),
  quantity,
});

const CASES: Case[] = [
  { name: 'not JSON', stored: '{oops', lines: [] },
  { name: 'JSON null', stored: 'null', lines: [] },
  { name: 'a number', stored: '42', lines: [] },
  { name: 'a string', stored: '"cart"', lines: [] },
  { name: 'an array', stored: '[1,2,3]', lines: [] },
  {
    name: 'a cart value that is not JSON',
    stored: JSON.stringify({ cart: '{oops', _persist: '{"version":-1,"rehydrated":true}' }),
    lines: [],
  },
  {
    name: 'a cart value that is JSON null',
    stored: JSON.stringify({ cart: 'null', _persist: '{"version":-1,"rehydrated":true}' }),
    lines: [],
  },
  {
    name: 'cartItems that is not an array',
    stored: persistedRoot({ 0: storedLine('Brown Brim', 2) }),
    lines: [],
  },
  {
    name: 'cartItems that is a string',
    stored: persistedRoot('Brown Brim'),
    lines: [],
  },
  {
    name: 'lines of unknown items',
    stored: persistedRoot([
      { id: 999, name: 'Gold Crown', price: 100, quantity: 2 },
      { id: '1', name: 'Brown Brim', price: 2500, quantity: 1 },
      null,
      'Brown Brim',
      storedLine('Wolf Cap', 2),
    ]),
    lines: [['Wolf Cap', 2, 14]],
  },
  {
    name: 'negative, zero, fractional and text quantities',
    stored: persistedRoot([
      { ...storedLine('Blue Beanie', 1), quantity: -2 },
      { ...storedLine('Brown Cowboy', 1), quantity: 0 },
      { ...storedLine('Grey Brim', 1), quantity: 1.5 },
      { ...storedLine('Green Beanie', 1), quantity: '2' },
      { ...storedLine('Red Beanie', 1), quantity: null },
      { ...storedLine('Palm Tree Cap', 1), quantity: Number.NaN },
      storedLine('Adidas NMD', 2),
    ]),
    lines: [['Adidas NMD', 2, 220]],
  },
  {
    name: 'a tampered price',
    stored: persistedRoot([{ ...storedLine('Brown Brim', 2), price: 1 }]),
    lines: [['Brown Brim', 2, 25]],
  },
  {
    name: 'a tampered name and image',
    stored: persistedRoot([
      { ...storedLine('Brown Brim', 1), name: 'Free Crown', imageUrl: 'https://evil.example/x' },
    ]),
    lines: [['Brown Brim', 1, 25]],
  },
  {
    name: 'a huge quantity',
    stored: persistedRoot([brim(1_000_000_000)]),
    lines: [['Brown Brim', 99, 25]],
  },
  {
    name: 'the same item on two lines',
    stored: persistedRoot([storedLine('Wolf Cap', 2), storedLine('Wolf Cap', 3)]),
    lines: [['Wolf Cap', 5, 14]],
  },
];

test.describe('a corrupt or hand-edited stored cart still gives a sane cart', () => {
  for (const { name, stored, lines } of CASES) {
    test(name, async ({ page }) => {
      const problems = watchPage(page);
      await seedStorage(page, stored);
      await visit(page, '/shop/hats');

      const count = lines.reduce((sum, [, quantity]) => sum + quantity, 0);
      await expectCartCount(page, count);
      await expect(page.getByRole('link', { name: 'SIGN IN', exact: true })).toBeVisible();

      await cartButton(page).click();
      const shown = cartDropdown(page).getByRole('listitem');
      if (lines.length === 0) {
        await expect(cartDropdown(page).getByText('Your cart is empty')).toBeVisible();
        await expect(shown).toHaveCount(0);
      } else {
        // A line stored before sizes existed carries a size chooser after its name and price.
        await expect(shown).toHaveText(
          lines.map(
            ([item, quantity, price]) =>
              new RegExp(
                `^\\s*${escapeRegExp(item)}\\s*${quantity} x \\$${price}(?:Size of ${escapeRegExp(item)}.*)?$`,
              ),
          ),
        );
      }

      // The shop keeps working: adding one more counts from the sane cart.
      await page.keyboard.press('Escape');
      await addButton(page, 'Blue Snapback').click();
      await expectCartCount(page, count + 1);
      expect(problems.pageErrors).toEqual([]);
    });
  }

  test('a tampered price is not charged: the checkout shows the catalogue price', async ({
    page,
  }) => {
    await seedStorage(page, persistedRoot([{ ...storedLine('Brown Brim', 2), price: 1 }]));
    await visit(page, '/checkout');
    const row = checkoutRow(page, 'Brown Brim');
    await expect(row.getByRole('cell').nth(3)).toHaveText('$25Subtotal $50');
    await expect(checkoutTotal(page)).toHaveText('Total - $50');
  });

  test('a huge quantity is capped at 99, and the increase arrow stays there', async ({ page }) => {
    await seedStorage(page, persistedRoot([brim(5000)]));
    await visit(page, '/checkout');
    const row = checkoutRow(page, 'Brown Brim');
    await expect(row.getByLabel('Quantity of Brown Brim')).toHaveText('99');
    await expect(checkoutTotal(page)).toHaveText('Total - $2,475');
    await row.getByRole('button', { name: 'Add one Brown Brim' }).click();
    await expect(row.getByLabel('Quantity of Brown Brim')).toHaveText('99');
    await expect(checkoutTotal(page)).toHaveText('Total - $2,475');
  });

  test('a user injected into the stored state signs nobody in', async ({ page }) => {
    const user = JSON.stringify({
      currentUser: {
        id: 'intruder',
        displayName: 'Mallory',
        email: 'mallory@example.com',
        createdAt: '2020-01-01T00:00:00.000Z',
      },
    });
    await seedStorage(page, persistedRoot([storedLine('Wolf Cap', 1)], { user }));
    await visit(page, '/signin');
    await expectCartCount(page, 1);
    const header = page.getByRole('banner');
    await expect(header.getByRole('link', { name: 'SIGN IN', exact: true })).toBeVisible();
    await expect(header.getByRole('button', { name: 'SIGN OUT' })).toHaveCount(0);
    // /signin would send a signed-in shopper home; the forms are still here.
    await expect(page).toHaveURL('/signin');
    await expect(page.getByRole('heading', { name: 'I already have an account' })).toBeVisible();
    await expect(page.getByText('Mallory')).toHaveCount(0);
  });
});

// Issue 9, item 9: privacy settings that block storage make reading `window.localStorage` throw
// a SecurityError (Chromium's "block all cookies" does the same to sessionStorage).
test.describe('storage that throws still gives a working shop with an empty cart', () => {
  for (const blocked of [['localStorage'], ['localStorage', 'sessionStorage']]) {
    test(`when ${blocked.join(' and ')} throw`, async ({ page }) => {
      await page.addInitScript((names) => {
        for (const name of names) {
          Object.defineProperty(window, name, {
            configurable: true,
            get() {
              throw new DOMException('The access is denied for this document.', 'SecurityError');
            },
          });
        }
      }, blocked);
      const problems = watchPage(page);

      await visit(page, '/');
      await expectCartCount(page, 0);
      await expect(page.getByRole('main').getByRole('link').first()).toBeVisible();

      await visit(page, '/checkout');
      await expectCartCount(page, 0);
      await expect(checkoutTotal(page)).toHaveText('Total - $0');

      await visit(page, '/shop/hats');
      await addButton(page, 'Brown Brim').click();
      await addButton(page, 'Brown Brim').click();
      await expectCartCount(page, 2);
      // Within the visit the cart lives in memory: the checkout shows what was added.
      await cartButton(page).click();
      await cartDropdown(page).getByRole('button', { name: 'GO TO CHECKOUT' }).click();
      await expect(page).toHaveURL('/checkout');
      await expect(checkoutTotal(page)).toHaveText('Total - $50');

      expect(problems.pageErrors).toEqual([]);
    });
  }
});
