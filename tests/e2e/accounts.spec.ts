import {
  PASSWORD,
  createAccount,
  displayNameForm,
  signInForm,
  signInThroughForm,
  signUpForm,
  signUpThroughForm,
} from './support/accounts.ts';
import { expect, test } from './support/test.ts';

test.describe('accounts', () => {
  test('a shopper signs up, is signed in, and /signin then sends them home', async ({ page }) => {
    await signUpThroughForm(page);

    await expect(page).toHaveURL('/');
    await expect(page.getByRole('button', { name: 'SIGN OUT' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'SIGN IN', exact: true })).toHaveCount(0);

    await page.goto('/signin');
    await expect(page).toHaveURL('/');
  });

  test('signing up with an email that has an account says so on the form', async ({
    page,
    request,
  }) => {
    const email = await createAccount(request);
    await page.goto('/signin');
    const form = signUpForm(page);
    await form.getByLabel('Display Name').fill('Eve');
    await form.getByLabel('Email').fill(email);
    await form.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await form.getByLabel('Confirm Password').fill(PASSWORD);
    await form.getByRole('button', { name: 'SIGN UP' }).click();
    await expect(form.getByRole('alert')).toHaveText(/already exists/);
    await expect(form.getByLabel('Email')).toHaveValue(email);
  });

  test('a wrong password shows a message on the form, and keeps the email', async ({
    page,
    request,
  }) => {
    const email = await createAccount(request);
    await page.goto('/signin');
    const form = signInForm(page);
    await form.getByLabel('Email').fill(email);
    await form.getByLabel('Password').fill('not my password');
    await form.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(form.getByRole('alert')).toHaveText('Wrong email or password.');
    await expect(form.getByLabel('Email')).toHaveValue(email);
    await expect(page.getByRole('link', { name: 'SIGN IN', exact: true })).toBeVisible();
  });

  test('a session survives a reload, and sign-out ends it', async ({ page, request }) => {
    const email = await createAccount(request);
    await signInThroughForm(page, email);
    await page.reload();
    await expect(page.getByRole('button', { name: 'SIGN OUT' })).toBeVisible();

    await page.getByRole('button', { name: 'SIGN OUT' }).click();
    await expect(page.getByRole('link', { name: 'SIGN IN', exact: true })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('link', { name: 'SIGN IN', exact: true })).toBeVisible();
    const cookies = await page.context().cookies();
    expect(cookies.find((cookie) => cookie.name.endsWith('session_token'))).toBeUndefined();
  });

  test('every open tab learns of a sign-in and a sign-out without a reload', async ({
    context,
    request,
  }) => {
    const email = await createAccount(request);
    const first = await context.newPage();
    const second = await context.newPage();
    await second.goto('/shop');
    await expect(second.getByRole('link', { name: 'SIGN IN' })).toBeVisible();

    await signInThroughForm(first, email);
    await expect(second.getByRole('button', { name: 'SIGN OUT' })).toBeVisible();

    await first.getByRole('button', { name: 'SIGN OUT' }).click();
    await expect(second.getByRole('link', { name: 'SIGN IN' })).toBeVisible();
  });

  test('a display name changed in one tab appears live in another', async ({
    context,
    request,
  }) => {
    const email = await createAccount(request, 'Ada');
    const editor = await context.newPage();
    await signInThroughForm(editor, email);
    const watcher = await context.newPage();
    await watcher.goto('/account');
    await expect(watcher.getByTestId('account-display-name')).toHaveText('Ada');

    await editor.goto('/account');
    const form = displayNameForm(editor);
    await form.getByLabel('New display name').fill('Ada Lovelace');
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(form.getByRole('status')).toHaveText('Saved.');

    await expect(watcher.getByTestId('account-display-name')).toHaveText('Ada Lovelace');
  });

  test('the account page asks the signed-out to sign in', async ({ page }) => {
    await page.goto('/account');
    await expect(page.getByRole('main').getByRole('link', { name: 'Sign in' })).toBeVisible();
  });
});
