import type { Locator } from '@playwright/test';
import { createAccount, signInForm, signUpForm } from './support/accounts.ts';
import { holdAppScript, visit } from './support/shop.ts';
import { expect, test } from './support/test.ts';

/** Counts the submit events a form lets through, to tell a blocked submit from a sent one. */
async function countSubmits(form: Locator): Promise<() => Promise<number>> {
  await form.locator('form').evaluate((element) => {
    element.setAttribute('data-submits', '0');
    element.addEventListener('submit', () => {
      const count = Number(element.getAttribute('data-submits')) + 1;
      element.setAttribute('data-submits', String(count));
    });
  });
  return async () => Number(await form.locator('form').getAttribute('data-submits'));
}

const isValid = (field: Locator): Promise<boolean> =>
  field.evaluate((input) => (input as HTMLInputElement).validity.valid);

test('shows both forms with their fields and buttons', async ({ page }) => {
  await visit(page, '/signin');
  const signIn = signInForm(page);
  await expect(signIn.getByRole('heading')).toHaveText('I already have an account');
  await expect(signIn.getByLabel('Email')).toHaveAttribute('type', 'email');
  await expect(signIn.getByLabel('Password')).toHaveAttribute('type', 'password');
  await expect(signIn.getByRole('button', { name: 'Sign In', exact: true })).toBeVisible();
  await expect(signIn.getByRole('button', { name: 'Sign In With Google' })).toBeVisible();

  const signUp = signUpForm(page);
  await expect(signUp.getByRole('heading')).toHaveText('I do not have a account');
  await expect(signUp.getByLabel('Display Name')).toBeVisible();
  await expect(signUp.getByLabel('Email')).toHaveAttribute('type', 'email');
  await expect(signUp.getByLabel('Password', { exact: true })).toHaveAttribute('type', 'password');
  await expect(signUp.getByLabel('Confirm Password')).toHaveAttribute('type', 'password');
  await expect(signUp.getByRole('button', { name: 'SIGN UP' })).toBeVisible();

  for (const field of await page.getByRole('main').locator('input').all()) {
    await expect(field).toHaveAttribute('required', '');
  }
});

test('the sign-in form is not sent while a field is empty or the email is malformed', async ({
  page,
}) => {
  await visit(page, '/signin');
  const form = signInForm(page);
  const submits = await countSubmits(form);
  const email = form.getByLabel('Email');
  const password = form.getByLabel('Password');

  await form.getByRole('button', { name: 'Sign In', exact: true }).click();
  expect(await submits()).toBe(0);
  expect(await isValid(email)).toBe(false);
  expect(await isValid(password)).toBe(false);
  await expect(form.locator('input:invalid')).toHaveCount(2);
  await expect(email).toBeFocused();

  await email.fill('not-an-email');
  await password.fill('secret');
  await form.getByRole('button', { name: 'Sign In', exact: true }).click();
  expect(await submits()).toBe(0);
  expect(await email.evaluate((input) => (input as HTMLInputElement).validity.typeMismatch)).toBe(
    true,
  );
  await expect(form.getByRole('alert')).toHaveCount(0);
});

test('the sign-up form is not sent while a field is empty', async ({ page }) => {
  await visit(page, '/signin');
  const form = signUpForm(page);
  const submits = await countSubmits(form);
  await form.getByRole('button', { name: 'SIGN UP' }).click();
  expect(await submits()).toBe(0);
  await expect(form.locator('input:invalid')).toHaveCount(4);
  for (const label of ['Display Name', 'Email', 'Password', 'Confirm Password']) {
    expect(await isValid(form.getByLabel(label, { exact: true }))).toBe(false);
  }
  await expect(form.getByLabel('Display Name')).toBeFocused();

  // Each field on its own is required.
  await form.getByLabel('Display Name').fill('Ada');
  await form.getByLabel('Email').fill('ada@example.com');
  await form.getByLabel('Password', { exact: true }).fill('s3cret-pass');
  await form.getByRole('button', { name: 'SIGN UP' }).click();
  expect(await submits()).toBe(0);
  await expect(form.locator('input:invalid')).toHaveCount(1);
  await expect(form.getByLabel('Confirm Password')).toBeFocused();
});

test('mismatched passwords show "passwords don\'t match", send nothing and keep the fields', async ({
  page,
}) => {
  await visit(page, '/signin');
  const form = signUpForm(page);
  await form.getByLabel('Display Name').fill('Ada Lovelace');
  await form.getByLabel('Email').fill('ada@example.com');
  await form.getByLabel('Password', { exact: true }).fill('analytical-1');
  await form.getByLabel('Confirm Password').fill('analytical-2');

  // Let the page's own start-up requests (the session check) finish first.
  await page.waitForLoadState('networkidle');
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(`${dialog.type()}: ${dialog.message()}`);
    void dialog.accept();
  });
  const requests: string[] = [];
  page.on('request', (request) => requests.push(request.url()));

  await form.getByRole('button', { name: 'SIGN UP' }).click();
  await expect.poll(() => dialogs).toEqual(["alert: passwords don't match"]);
  expect(requests).toEqual([]);

  await expect(form.getByLabel('Display Name')).toHaveValue('Ada Lovelace');
  await expect(form.getByLabel('Email')).toHaveValue('ada@example.com');
  await expect(form.getByLabel('Password', { exact: true })).toHaveValue('analytical-1');
  await expect(form.getByLabel('Confirm Password')).toHaveValue('analytical-2');
  await expect(page).toHaveURL('/signin');
});

test('a sign-in that fails says so clearly on the form, and keeps what was typed', async ({
  page,
}) => {
  await visit(page, '/signin');
  const form = signInForm(page);
  // No account has this address: every run uses a new one.
  const email = `nobody-${Date.now()}-${test.info().parallelIndex}@example.com`;
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password').fill('analytical-1');
  await form.getByRole('button', { name: 'Sign In', exact: true }).click();

  await expect(form.getByRole('alert')).toHaveText(/wrong email or password/i);
  await expect(form.getByLabel('Email')).toHaveValue(email);
  await expect(form.getByLabel('Password')).toHaveValue('analytical-1');
  await expect(page.getByRole('link', { name: 'SIGN IN', exact: true })).toBeVisible();
  await expect(page).toHaveURL('/signin');
  // The other form is untouched by this one's message.
  await expect(signUpForm(page).getByRole('alert')).toHaveCount(0);
});

test('Sign In With Google opens a window on the shop itself that asks which account to use', async ({
  page,
  baseURL,
}) => {
  await visit(page, '/signin');
  const opened = page.waitForEvent('popup');
  await signInForm(page).getByRole('button', { name: 'Sign In With Google' }).click();
  const popup = await opened;
  await popup.waitForLoadState();
  expect(new URL(popup.url()).origin).toBe(new URL(baseURL ?? '').origin);
  await expect(popup.getByRole('heading', { level: 1 })).not.toHaveText('Page not found');
  await expect(popup.getByRole('heading', { level: 1 })).toHaveText(/account|sign in/i);
  await popup.close();
});

test('a sign-up that fails says so clearly on the form, and keeps all four fields', async ({
  page,
  request,
}) => {
  const email = await createAccount(request, 'Ada');
  await visit(page, '/signin');
  const form = signUpForm(page);
  await form.getByLabel('Display Name').fill('Eve');
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password', { exact: true }).fill('analytical-1');
  await form.getByLabel('Confirm Password').fill('analytical-1');
  await form.getByRole('button', { name: 'SIGN UP' }).click();

  await expect(form.getByRole('alert')).toHaveText(/already/i);
  await expect(form.getByLabel('Display Name')).toHaveValue('Eve');
  await expect(form.getByLabel('Email')).toHaveValue(email);
  await expect(form.getByLabel('Password', { exact: true })).toHaveValue('analytical-1');
  await expect(form.getByLabel('Confirm Password')).toHaveValue('analytical-1');
  await expect(page.getByRole('link', { name: 'SIGN IN', exact: true })).toBeVisible();
  await expect(signInForm(page).getByRole('alert')).toHaveCount(0);
});

test('what is typed before the app has started is kept, and the form waits for the app to send it', async ({
  page,
  request,
}) => {
  const email = await createAccount(request);
  const release = await holdAppScript(page);
  const sent: string[] = [];
  page.on('request', (sentRequest) => sent.push(sentRequest.url()));

  await page.goto('/signin', { waitUntil: 'commit' });
  const form = signInForm(page);
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password').fill('not my password');
  // The browser would send the form itself, fields in the URL: the button is off until the app runs.
  const signIn = form.getByRole('button', { name: 'Sign In', exact: true });
  await expect(signIn).toBeDisabled();
  await form.getByLabel('Password').press('Enter');
  expect(sent.filter((url) => url.includes('password'))).toEqual([]);

  release();
  await expect(signIn).toBeEnabled();
  await expect(form.getByLabel('Email')).toHaveValue(email);
  await signIn.click();
  await expect(form.getByRole('alert')).toHaveText('Wrong email or password.');
  await expect(form.getByLabel('Email')).toHaveValue(email);
  await expect(page).toHaveURL('/signin');
});
