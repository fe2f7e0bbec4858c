import { execFileSync } from 'node:child_process';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { request as playwrightRequest, type Browser, type Page } from '@playwright/test';
import { createAccount, freshEmail } from './accounts.ts';
import { expect } from './test.ts';

const repoRoot = path.resolve(import.meta.dirname, '../../..');

/** A shop the specs talk to: the one global-setup.ts started, or one a spec started itself. */
export interface ShopAt {
  url: string;
  dataDir: string;
}

/** The shop global-setup.ts started for every spec. */
export function sharedShop(): ShopAt {
  const url = process.env.SHOP_URL;
  const dataDir = process.env.SHOP_DATA_DIR;
  if (!url || !dataDir)
    throw new Error('SHOP_URL is not set: run the specs through playwright test.');
  return { url, dataDir };
}

/**
 * A new account made an owner with the shop's own command (`npm run owner:add`), run on the
 * database of `shop`, as its owner would (ADR 042).
 */
export async function createOwner(shop: ShopAt = sharedShop()): Promise<string> {
  // A request context of its own: a sign-up's session cookie would make the next sign-up in the
  // same context a signed-in request, which needs an Origin.
  const request = await playwrightRequest.newContext({ baseURL: shop.url });
  const email = await createAccount(request, 'Olive', freshEmail('owner'));
  await request.dispose();
  execFileSync(process.execPath, [path.join(repoRoot, 'scripts/accounts/add-owner.ts'), email], {
    // Started in the data folder: the command reads no developer's .env.
    cwd: shop.dataDir,
    env: { ...process.env, DATA_DIR: shop.dataDir },
    stdio: 'pipe',
  });
  return email;
}

/** A new browser context of its own (cookies apart from the page fixture's) on the shop. */
export async function newPage(browser: Browser, width = 1280, shop: ShopAt = sharedShop()) {
  const context = await browser.newContext({
    baseURL: shop.url,
    viewport: { width, height: 900 },
  });
  return context.newPage();
}

/** Every Content-Security-Policy violation the page reports, as text. */
export function watchPolicy(page: Page): string[] {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content.Security.Policy/i.test(message.text())) violations.push(message.text());
  });
  return violations;
}

/** axe's violations of the page as it is, one line each. */
export async function axeViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.passes.length).toBeGreaterThan(10);
  return results.violations.map(
    ({ id, help, nodes }) =>
      `${id}: ${help} at ${nodes.map((node) => node.target.join(' ')).join(', ')}`,
  );
}

/** The back office's navigation. */
export const backOffice = (page: Page) => page.getByRole('navigation', { name: 'Back office' });
