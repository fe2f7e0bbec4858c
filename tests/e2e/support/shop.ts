import { existsSync } from 'node:fs';
import path from 'node:path';
import type { BrowserContext, Locator, Page, Response } from '@playwright/test';
import { COLLECTION_IDS, itemNamed, type CatalogueItem } from './catalogue.ts';
import { expect } from './test.ts';

const repoRoot = path.resolve(import.meta.dirname, '../../..');

/** The product images are built by `npm run images`; until that exists there is nothing to load. */
export const IMAGES_BUILT = existsSync(path.join(repoRoot, 'public/images'));

/** Every page of the shop a shopper can open, in the order specs visit them. */
export const SHOP_PAGES = [
  '/',
  '/shop',
  ...COLLECTION_IDS.map((id) => `/shop/${id}`),
  '/checkout',
  '/signin',
  '/contact',
  '/account',
  '/forgot-password',
  '/reset-password',
  '/verify-email',
];

/** The checkout table's columns, as the spec names them. */
export const CHECKOUT_COLUMNS = ['Product', 'Description', 'Quantity', 'Price', 'Remove'];

/** The bag in the header. Its accessible name carries the count: 'Cart, 3 items'. */
export const cartButton = (page: Page): Locator =>
  page.getByRole('banner').getByRole('button', { name: /^Cart\b/ });

/** The dropdown the bag opens. */
export const cartDropdown = (page: Page): Locator =>
  page.getByRole('region', { name: 'Cart', exact: true });

/** The page's own content, below the header. */
export const main = (page: Page): Locator => page.getByRole('main');

/**
 * Waits until the app has started in the browser and read back the stored cart: before that the
 * bag is only labelled 'Cart' and buttons of the prerendered HTML do nothing yet.
 */
export async function waitForShop(page: Page): Promise<void> {
  await expect(cartButton(page)).toHaveAccessibleName(/^Cart, \d+ items?$/);
}

/** Opens a page of the shop and waits until it is ready to use. */
export async function visit(page: Page, url: string): Promise<Response | null> {
  const response = await page.goto(url);
  await waitForShop(page);
  return response;
}

export const cartLabel = (count: number): string =>
  `Cart, ${count} ${count === 1 ? 'item' : 'items'}`;

/** Checks the count the bag shows, both as read aloud and as drawn. */
export async function expectCartCount(page: Page, count: number): Promise<void> {
  await expect(cartButton(page)).toHaveAccessibleName(cartLabel(count));
  await expect(page.getByTestId('cart-count')).toHaveText(String(count));
}

/** The add button of a product card, as a shopper finds it. */
export const addButton = (page: Page, name: string): Locator =>
  page.getByRole('button', { name: `Add ${name} to cart`, exact: true });

/** A line of the checkout table. */
export const checkoutRow = (page: Page, name: string): Locator =>
  page
    .getByRole('table')
    .getByRole('row')
    // The name's cell holds the line's size too (issue 13).
    .filter({ has: page.getByRole('cell').getByText(name, { exact: true }) });

export const checkoutTotal = (page: Page): Locator => page.getByText(/^Total - \$/);

// ---------------------------------------------------------------------------------------------
// The stored cart
// ---------------------------------------------------------------------------------------------

/** Where the shop keeps the cart's lines: `{"version":1,"lines":[…]}` (ADR 055). */
export const CART_KEY = 'crwn:cart';
/** Where redux-persist kept it, which the shop moves to CART_KEY on the first visit. */
export const OLD_CART_KEY = 'persist:root';

/** The lines the shop keeps in this page's localStorage (none: nothing stored). */
export async function storedCartLines(page: Page): Promise<unknown> {
  const stored = await page.evaluate((key) => localStorage.getItem(key), CART_KEY);
  return stored === null ? undefined : (JSON.parse(stored) as { lines?: unknown }).lines;
}

/**
 * A stored cart line as the shop writes it (price in cents), for an item of the catalogue, in
 * `size` when given (issue 13; lines stored before sizes have none).
 */
export function storedLine(name: string, quantity: number, size?: string): Record<string, unknown> {
  const item: CatalogueItem = itemNamed(name);
  const slug = item.name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  return {
    id: item.id,
    name: item.name,
    imageUrl: `/images/items/${slug}`,
    price: item.price * 100,
    quantity,
    ...(size ? { size } : {}),
  };
}

/**
 * The value redux-persist kept under persist:root, as carts made before ADR 055 still have it:
 * every slice is JSON inside JSON. `extra` adds other keys (already serialised), as a hand edit
 * might.
 */
export function persistedRoot(cartItems: unknown, extra: Record<string, string> = {}): string {
  return JSON.stringify({
    cart: JSON.stringify({ hidden: true, cartItems }),
    ...extra,
    _persist: JSON.stringify({ version: -1, rehydrated: true }),
  });
}

/**
 * Puts `value` under persist:root (redux-persist's key, which the shop migrates) before the shop's first script runs, once per tab: a reload
 * keeps whatever the shop wrote since (sessionStorage survives a reload, not a new tab).
 */
export async function seedStorage(target: Page | BrowserContext, value: string): Promise<void> {
  await target.addInitScript(
    ({ key, stored }) => {
      try {
        if (sessionStorage.getItem('e2e:seeded') !== null) return;
        localStorage.setItem(key, stored);
        sessionStorage.setItem('e2e:seeded', '1');
      } catch {
        // about:blank and the like have no storage.
      }
    },
    { key: OLD_CART_KEY, stored: value },
  );
}

/** Seeds a valid stored cart of these lines (name, quantity and, if chosen, size). */
export async function seedCart(
  target: Page | BrowserContext,
  lines: ReadonlyArray<readonly [name: string, quantity: number, size?: string]>,
): Promise<void> {
  await seedStorage(
    target,
    persistedRoot(lines.map(([name, quantity, size]) => storedLine(name, quantity, size))),
  );
}

/** The size chooser of a cart line added without a size (in the dropdown or at checkout). */
export const sizeChooser = (scope: Page | Locator, name: string): Locator =>
  scope.getByRole('combobox', { name: `Size of ${name}`, exact: true });

/**
 * Chooses `size` for the line of `name` that has none, or the first size not sold out; returns
 * the size chosen.
 */
export async function chooseSize(
  scope: Page | Locator,
  name: string,
  size?: string,
): Promise<string> {
  const chooser = sizeChooser(scope, name);
  const chosen =
    size ?? (await chooser.locator('option:not([disabled])').first().getAttribute('value'));
  if (!chosen) throw new Error(`${name} has no size in stock`);
  await chooser.selectOption(chosen);
  return chosen;
}

// ---------------------------------------------------------------------------------------------
// Watching a page for trouble
// ---------------------------------------------------------------------------------------------

export interface PageProblems {
  /** console.error messages, with where they came from. */
  consoleErrors: string[];
  /** Uncaught exceptions. */
  pageErrors: string[];
  /** Every URL the page asked for. */
  requests: string[];
}

/** Starts recording console errors, uncaught exceptions and requests of a page. */
export function watchPage(page: Page): PageProblems {
  const problems: PageProblems = { consoleErrors: [], pageErrors: [], requests: [] };
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    const { url } = message.location();
    problems.consoleErrors.push(url ? `${message.text()} (at ${url})` : message.text());
  });
  page.on('pageerror', (error) => problems.pageErrors.push(`${error.name}: ${error.message}`));
  page.on('request', (request) => problems.requests.push(request.url()));
  return problems;
}

/** Requests that went to any other host than the shop's own. */
export function foreignRequests(requests: readonly string[], shopUrl: string): string[] {
  // The shop's own card provider answers on an origin of its own (ADR 019); it is not foreign.
  const own = new Set(
    [shopUrl, process.env.SHOP_PAYMENT_URL ?? shopUrl].map((url) => new URL(url).origin),
  );
  return requests.filter((url) => {
    const { protocol, origin: requestOrigin } = new URL(url);
    if (protocol === 'data:' || protocol === 'blob:') return false;
    return !own.has(requestOrigin);
  });
}

/**
 * Scrolls every image of the page into view, so lazy ones load, and waits until each has
 * finished (loaded or failed).
 */
export async function loadAllImages(page: Page): Promise<void> {
  const images = page.locator('img');
  const count = await images.count();
  for (let index = 0; index < count; index += 1) {
    await images.nth(index).scrollIntoViewIfNeeded();
  }
  await expect
    .poll(() =>
      images.evaluateAll((list) =>
        list
          .filter((image) => !(image as HTMLImageElement).complete)
          .map(
            (image) => (image as HTMLImageElement).currentSrc || (image as HTMLImageElement).src,
          ),
      ),
    )
    .toEqual([]);
}

/**
 * Holds the app's largest script back, as a slow network would, so a spec can act on the
 * prerendered page before the app runs. Returns the function that lets the script through.
 */
export async function holdAppScript(page: Page): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/framework-[\w-]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}
