import type { APIRequestContext, Page } from '@playwright/test';
import { createAccount } from './support/accounts.ts';
import { itemNamed } from './support/catalogue.ts';
import { SHOP_PAGES, cartButton, cartDropdown, seedCart, visit } from './support/shop.ts';
import { expect, test } from './support/test.ts';

/** Every page is checked even after one fails, so one run lists them all. */
const softly = expect.configure({ soft: true });

/** The narrowest phones in use up to the common large ones (issue #10). */
const PHONE_WIDTHS = [320, 360, 390, 412];

/** The longest names of the catalogue, so a line of the cart or the checkout is at its widest. */
const CART = [
  ['Grey Jean Jacket', 2],
  ['Camo Down Vest', 1],
  ['Adidas Yeezy', 10],
] as const;

/**
 * Places a guest's order through the API, as the widget and the checkout would, and returns the
 * confirmation page's address (with its receipt, the guest's only way back to the order).
 */
async function placeOrder(request: APIRequestContext): Promise<string> {
  const paymentUrl = process.env.SHOP_PAYMENT_URL;
  if (!paymentUrl) throw new Error('SHOP_PAYMENT_URL is not set: run through `npm run test:e2e`.');
  const item = itemNamed('Grey Jean Jacket');
  const tokenAnswer = await request.post(new URL('/pay/v1/tokens', paymentUrl).href, {
    headers: { 'sec-fetch-site': 'same-origin' },
    data: {
      key: 'pk_test_crwn_clothing',
      email: 'a.very.long.address.of.a.shopper.without.spaces@example-clothing-shop.com',
      card: { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2034, cvc: '123' },
    },
  });
  expect(tokenAnswer.status(), await tokenAnswer.text()).toBe(200);
  const { id: token } = (await tokenAnswer.json()) as { id: string };
  const orderAnswer = await request.post('/api/orders', {
    data: {
      token,
      idempotencyKey: `phone-widths-${Date.now()}-${Math.random().toString(36).slice(2)}`,
      lines: [{ id: item.id, quantity: 1, size: 'XL' }],
      email: 'a.very.long.address.of.a.shopper.without.spaces@example-clothing-shop.com',
      approvedTotal: item.price * 100,
    },
  });
  expect(orderAnswer.status(), await orderAnswer.text()).toBe(201);
  const { order, receipt } = (await orderAnswer.json()) as {
    order: { id: string };
    receipt: string | null;
  };
  const query = new URLSearchParams({ order: order.id });
  if (receipt) query.set('receipt', receipt);
  return `/checkout/confirmation?${query.toString()}`;
}

/**
 * What sticks out sideways: the page being wider than the screen, and every drawn element that
 * reaches past either edge, unless a scrolling or clipping box of its own holds it, or it is
 * hidden off to the left on purpose (the skip link until it is focused).
 */
function sidewaysOverflow(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const found: string[] = [];
    const pageWidth = document.documentElement.scrollWidth;
    if (pageWidth > width) found.push(`the page is ${pageWidth} px wide`);
    const heldByAncestor = (element: Element): boolean => {
      for (let up = element.parentElement; up && up !== document.body; up = up.parentElement) {
        if (getComputedStyle(up).overflowX !== 'visible') return true;
      }
      return false;
    };
    for (const element of document.body.querySelectorAll('*')) {
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.height === 0 || box.right <= 0) continue;
      if (getComputedStyle(element).visibility === 'hidden') continue;
      if (box.left >= -0.5 && box.right <= width + 0.5) continue;
      if (heldByAncestor(element)) continue;
      const label = (element.textContent ?? '').trim().slice(0, 40);
      found.push(
        `<${element.tagName.toLowerCase()}${element.getAttribute('class') ? ` class="${element.getAttribute('class')}"` : ''}> "${label}" spans ${Math.round(box.left)} to ${Math.round(box.right)} px`,
      );
    }
    return found.slice(0, 8);
  });
}

for (const signedIn of [false, true]) {
  for (const width of PHONE_WIDTHS) {
    test(`no page scrolls sideways at ${width} px, ${signedIn ? 'signed in' : 'signed out'}`, async ({
      browser,
      baseURL,
    }) => {
      test.setTimeout(120_000);
      const context = await browser.newContext({ baseURL, viewport: { width, height: 740 } });
      await seedCart(context, CART);
      const page = await context.newPage();
      if (signedIn) await createAccount(page.request, 'Wilhelmina Featherstonehaugh-Smythe');
      const pages = [...SHOP_PAGES, await placeOrder(page.request), '/no-such-page'];

      for (const url of pages) {
        await visit(page, url);
        if (signedIn) await expect(page.getByRole('link', { name: 'SIGN IN' })).toHaveCount(0);
        // Polled: the page settles (fonts, the session, pictures with reserved boxes) and what
        // counts is where it ends up, which is also what a shopper scrolling would meet.
        await softly.poll(() => sidewaysOverflow(page), { message: url }).toEqual([]);

        await cartButton(page).click();
        await expect(cartDropdown(page)).toBeVisible();
        await softly
          .poll(() => sidewaysOverflow(page), { message: `${url} with the cart open` })
          .toEqual([]);
        await cartButton(page).click();
        await expect(cartDropdown(page)).toBeHidden();
      }
      await context.close();
    });
  }
}
