import { execFileSync } from 'node:child_process';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { request as playwrightRequest, type Browser, type Page } from '@playwright/test';
import { createAccount, freshEmail } from './accounts.ts';
import { expect } from './test.ts';

const repoRoot = path.resolve(import.meta.dirname, '../../..');

/**
 * A new account made an owner with the shop's own command (`npm run owner:add`), run on the
 * database of the shop the specs use (or of `shop`, one a spec started), as its owner would
 * (ADR 042).
 */
export async function createOwner(
  shop: { url?: string | undefined; dataDir?: string | undefined } = {
    url: process.env.SHOP_URL,
    dataDir: process.env.SHOP_DATA_DIR,
  },
): Promise<string> {
  // A request context of its own: a sign-up's session cookie would make the next sign-up in the
  // same context a signed-in request, which needs an Origin.
  const request = await playwrightRequest.newContext({ baseURL: shop.url });
  const email = await createAccount(request, 'Olive', freshEmail('owner'));
  await request.dispose();
  const { dataDir } = shop;
  if (!dataDir) throw new Error('SHOP_DATA_DIR is not set: run the specs through playwright test.');
  execFileSync(process.execPath, [path.join(repoRoot, 'scripts/accounts/add-owner.ts'), email], {
    // Started in the data folder: the command reads no developer's .env.
    cwd: dataDir,
    env: { ...process.env, DATA_DIR: dataDir },
    stdio: 'pipe',
  });
  return email;
}

/** A new browser context of its own (cookies apart from the page fixture's) on the shop. */
export async function newPage(
  browser: Browser,
  width = 1280,
  baseURL = process.env.SHOP_URL,
): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport: { width, height: 900 } });
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
