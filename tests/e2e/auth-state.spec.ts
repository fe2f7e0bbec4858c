import type { BrowserContext, Page } from '@playwright/test';
import { PASSWORD, createAccount, signInForm, signUpForm } from './support/accounts.ts';
import { holdAppScript, visit, waitForShop } from './support/shop.ts';
import { expect, test } from './support/test.ts';

const HINT = 'crwn_signed_in';
const SESSION_CHECK = /\/api\/auth\/get-session(\?|$)/;

/** Holds every session check until the returned function is called, as a slow network would. */
async function holdSessionCheck(page: Page): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(SESSION_CHECK, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

const hintCookie = async (context: BrowserContext) =>
  (await context.cookies()).find((cookie) => cookie.name === HINT);

/** What the header offers for signing in or out, as a shopper sees it (visible ones only). */
async function visibleAuthLinks(page: Page): Promise<string[]> {
  const header = page.getByRole('banner');
  const shown: string[] = [];
  for (const [role, name] of [
    ['link', 'SIGN IN'],
    ['link', 'ACCOUNT'],
    ['button', 'SIGN OUT'],
  ] as const) {
    if (await header.getByRole(role, { name, exact: true }).isVisible()) shown.push(name);
  }
  return shown;
}

test.describe('a signed-in shopper', () => {
  test.beforeEach(async ({ page }) => {
    await createAccount(page.request);
  });

  test('is never offered SIGN IN while the page starts', async ({ page }) => {
    const releaseApp = await holdAppScript(page);
    await page.goto('/', { waitUntil: 'commit' });
    await expect(page.getByRole('banner')).toBeVisible();
    // The prerendered page, before any script of the app has run.
    expect(await visibleAuthLinks(page)).toEqual([]);

    const releaseSession = await holdSessionCheck(page);
    releaseApp();
    await waitForShop(page);
    // The app runs; the server has not said yet who is signed in.
    expect(await visibleAuthLinks(page)).toEqual([]);

    releaseSession();
    await expect(page.getByRole('button', { name: 'SIGN OUT' })).toBeVisible();
    expect(await visibleAuthLinks(page)).toEqual(['ACCOUNT', 'SIGN OUT']);
  });

  test('on a 390 px phone, the menu offers no SIGN IN while the session loads', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const releaseSession = await holdSessionCheck(page);
    await visit(page, '/');
    const menu = page.getByRole('banner').getByRole('button', { name: 'MENU', exact: true });
    await menu.click();
    await expect(page.getByRole('banner').getByRole('link', { name: 'SHOP' })).toBeVisible();
    expect(await visibleAuthLinks(page)).toEqual([]);

    releaseSession();
    await expect(page.getByRole('button', { name: 'SIGN OUT' })).toBeVisible();
    expect(await visibleAuthLinks(page)).toEqual(['ACCOUNT', 'SIGN OUT']);
  });

  test('never sees the sign-in forms at /signin, and is sent home', async ({ page }) => {
    const releaseApp = await holdAppScript(page);
    await page.goto('/signin', { waitUntil: 'commit' });
    await expect(page.getByRole('banner')).toBeVisible();
    await expect(signInForm(page)).toBeHidden();
    await expect(signUpForm(page)).toBeHidden();

    const releaseSession = await holdSessionCheck(page);
    releaseApp();
    await waitForShop(page);
    await expect(signInForm(page)).toBeHidden();
    await expect(signUpForm(page)).toBeHidden();

    releaseSession();
    await expect(page).toHaveURL('/');
  });

  test('holds a readable hint cookie, with no secret in it, that sign-out clears', async ({
    page,
    context,
  }) => {
    const hint = await hintCookie(context);
    expect(hint?.value).toBe('1');
    expect(hint?.httpOnly).toBe(false);
    const session = (await context.cookies()).find((cookie) =>
      cookie.name.endsWith('session_token'),
    );
    expect(session?.httpOnly).toBe(true);
    expect(hint?.expires).toBeGreaterThan(Date.now() / 1000 + 3600);

    await visit(page, '/');
    await page.getByRole('button', { name: 'SIGN OUT' }).click();
    await expect(page.getByRole('link', { name: 'SIGN IN', exact: true })).toBeVisible();
    expect(await hintCookie(context)).toBeUndefined();
  });
});

test.describe('a signed-out shopper', () => {
  test('sees SIGN IN at once, and the page asks for no session', async ({ page }) => {
    const sessionChecks: string[] = [];
    page.on('request', (request) => {
      if (SESSION_CHECK.test(request.url())) sessionChecks.push(request.url());
    });
    const releaseApp = await holdAppScript(page);
    await page.goto('/', { waitUntil: 'commit' });
    await expect(page.getByRole('link', { name: 'SIGN IN', exact: true })).toBeVisible();
    releaseApp();
    await waitForShop(page);
    await expect(page.getByRole('link', { name: 'SIGN IN', exact: true })).toBeVisible();

    // Moving around the shop asks for none either.
    await page.getByRole('link', { name: 'SHOP', exact: true }).click();
    await expect(page).toHaveURL('/shop');
    await page.getByRole('link', { name: 'SIGN IN', exact: true }).click();
    await expect(signInForm(page)).toBeVisible();
    expect(sessionChecks).toEqual([]);
  });

  test('whose hint outlived the session is shown as signed out, and the hint is cleared', async ({
    page,
    context,
    baseURL,
  }) => {
    await context.addCookies([{ name: HINT, value: '1', url: baseURL ?? '' }]);
    await visit(page, '/signin');
    await expect(signInForm(page)).toBeVisible();
    await expect(page.getByRole('link', { name: 'SIGN IN', exact: true })).toBeVisible();
    await expect.poll(() => hintCookie(context)).toBeUndefined();
  });

  test('who signs in gets the hint with the session', async ({ page, context, request }) => {
    // Made elsewhere (its own cookies): this browser is signed out.
    const email = await createAccount(request);
    expect(await hintCookie(context)).toBeUndefined();
    await visit(page, '/signin');
    const form = signInForm(page);
    await form.getByLabel('Email').fill(email);
    await form.getByLabel('Password').fill(PASSWORD);
    await form.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(page.getByRole('button', { name: 'SIGN OUT' })).toBeVisible();
    expect((await hintCookie(context))?.value).toBe('1');
    // A new page of the same browser knows it at once.
    await page.reload();
    await expect(page.getByRole('button', { name: 'SIGN OUT' })).toBeVisible();
  });
});
