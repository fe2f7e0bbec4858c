import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expect } from './test.ts';

export const PASSWORD = 'correct horse battery';

let counter = 0;

/** An email address no other spec uses, in this run or another. */
export function freshEmail(label = 'shopper'): string {
  counter += 1;
  return `${label}-${Date.now()}-${process.pid}-${counter}@example.com`;
}

export const signInForm = (page: Page): Locator =>
  page.getByRole('region', { name: 'I already have an account' });
export const signUpForm = (page: Page): Locator =>
  page.getByRole('region', { name: 'I do not have a account' });
/** The account page's display name form; each of the page's forms has a status of its own. */
export const displayNameForm = (page: Page): Locator =>
  page.getByRole('region', { name: 'Change your display name' });

/** Creates an account through the API, as another device would; returns its email. */
export async function createAccount(
  request: APIRequestContext,
  name = 'Ada',
  email = freshEmail(),
): Promise<string> {
  const response = await request.post('/api/auth/sign-up/email', {
    data: { name, email, password: PASSWORD },
  });
  expect(response.status(), await response.text()).toBe(200);
  return email;
}

/**
 * Waits until the header knows the shopper is signed in: its ACCOUNT link exists, in view on a
 * wide screen or folded into the MENU panel on a phone.
 */
export async function expectSignedIn(page: Page): Promise<void> {
  await expect(page.getByRole('banner').locator('a[href="/account"]')).toBeAttached();
}

/** Waits until the header offers SIGN IN again (in view, or in the closed MENU panel). */
export async function expectSignedOut(page: Page): Promise<void> {
  await expect(page.getByRole('banner').locator('a[href="/signin"]')).toBeAttached();
}

/** Signs in through the sign-in form, as a shopper does, and waits for the header to say so. */
export async function signInThroughForm(page: Page, email: string, password = PASSWORD) {
  await page.goto('/signin');
  const form = signInForm(page);
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password').fill(password);
  await form.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expectSignedIn(page);
}

/** Fills and sends the sign-up form, as a shopper does; returns the new account's email. */
export async function signUpThroughForm(page: Page, name = 'Grace', email = freshEmail('grace')) {
  await page.goto('/signin');
  const form = signUpForm(page);
  await form.getByLabel('Display Name').fill(name);
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await form.getByLabel('Confirm Password').fill(PASSWORD);
  await form.getByRole('button', { name: 'SIGN UP' }).click();
  return email;
}

/** SIGN OUT in the header; on a narrow screen it may sit behind the header's menu button. */
export async function signOut(page: Page): Promise<void> {
  const header = page.getByRole('banner');
  const button = header.getByRole('button', { name: 'SIGN OUT' });
  const menu = header.getByRole('button', { name: /menu/i });
  // Once the header knows the shopper is signed in, one of the two shows.
  await expect(button.or(menu).first()).toBeVisible();
  if (!(await button.isVisible())) await menu.click();
  await button.click();
  await expectSignedOut(page);
}
