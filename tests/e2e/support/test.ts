import { test as base, expect } from '@playwright/test';

/** Playwright's test, pointed at the shop started by global-setup.ts. */
export const test = base.extend({
  // eslint-disable-next-line no-empty-pattern -- Playwright fixtures take their dependencies as a destructured object.
  baseURL: async ({}, use) => {
    const url = process.env.SHOP_URL;
    if (!url) throw new Error('SHOP_URL is not set: run the specs through `npm run test:e2e`.');
    await use(url);
  },
});

export { expect };
