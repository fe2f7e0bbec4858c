import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import {
  PASSWORD,
  createAccount,
  expectSignedIn,
  expectSignedOut,
  signInForm,
  signInThroughForm,
  signUpThroughForm,
} from './support/accounts.ts';
import { linkFromOutbox } from './support/outbox.ts';
import { main, waitForShop } from './support/shop.ts';
import { expect, test } from './support/test.ts';

// Issue 15: a shopper recovers, verifies, changes and deletes their account, reading the emails
// in the shop's own outbox as on a machine without SMTP. At phone widths and on a laptop.

const SCREENS = [
  { name: 'a small phone', viewport: { width: 320, height: 640 } },
  { name: 'a phone', viewport: { width: 412, height: 915 } },
  { name: 'a laptop', viewport: { width: 1280, height: 800 } },
];

const NEW_PASSWORD = 'a brand new passphrase';

const section = (page: Page, name: string) => main(page).getByRole('region', { name, exact: true });

/** Elements of the page's content that reach past the right edge of the screen. */
const pastTheEdge = (page: Page) =>
  main(page).evaluate((content) =>
    [...content.querySelectorAll('*')]
      .filter((element) => element.getBoundingClientRect().right > window.innerWidth + 0.5)
      .map((element) => `${element.tagName.toLowerCase()}.${element.className}`),
  );

/** Opens the account page, signed in, once its sections have loaded. */
async function openAccount(page: Page) {
  await page.goto('/account');
  await waitForShop(page);
  await expect(section(page, 'Email address')).toBeVisible();
}

for (const screen of SCREENS) {
  test.describe(`on ${screen.name}`, () => {
    test.use({ viewport: screen.viewport });

    test('a shopper who forgot their password chooses a new one from the emailed link', async ({
      page,
      request,
    }) => {
      const email = await createAccount(request, 'Forgetful');
      await page.goto('/signin');
      await waitForShop(page);
      await signInForm(page).getByRole('link', { name: 'Forgot password?' }).click();
      await expect(page).toHaveURL(/\/forgot-password$/);
      // The address changes as the navigation commits; the sign-in page's two forms (each with
      // an Email field) can still be on screen for a moment under load.
      await expect(
        main(page).getByRole('heading', { name: 'Forgot your password?' }),
      ).toBeVisible();
      await main(page).getByLabel('Email').fill(email);
      await main(page).getByRole('button', { name: 'Send link' }).click();
      await expect(main(page).getByRole('status')).toContainText('If an account uses that address');

      const link = await linkFromOutbox(email, 'Choose a new password', '/reset-password');
      await page.goto(link);
      await waitForShop(page);
      // The token leaves the address bar (and so the history) at once.
      await expect(page).toHaveURL(/\/reset-password$/);
      await main(page).getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
      await main(page).getByLabel('Confirm new password').fill('not the same passphrase');
      await main(page).getByRole('button', { name: 'Change password' }).click();
      await expect(main(page).getByRole('alert')).toContainText("Passwords don't match");
      await expect(main(page).getByLabel('New password', { exact: true })).toHaveValue(
        NEW_PASSWORD,
      );
      await main(page).getByLabel('Confirm new password').fill(NEW_PASSWORD);
      await main(page).getByRole('button', { name: 'Change password' }).click();
      await expect(main(page).getByRole('status')).toContainText('Your password has been changed.');
      expect(await pastTheEdge(page)).toEqual([]);

      // The link works once: opened again in this tab, where only the address's fragment
      // changes, it loads the page afresh and is refused.
      await page.goto(link);
      await waitForShop(page);
      await main(page).getByLabel('New password', { exact: true }).fill('another new passphrase');
      await main(page).getByLabel('Confirm new password').fill('another new passphrase');
      await main(page).getByRole('button', { name: 'Change password' }).click();
      await expect(main(page).getByRole('alert')).toContainText('already been used');

      await signInThroughForm(page, email, NEW_PASSWORD);
    });

    test('a new shopper verifies their address, changes their password, and deletes their account', async ({
      page,
    }) => {
      const email = await signUpThroughForm(page, 'Verity');
      await expectSignedIn(page);
      await openAccount(page);
      await expect(section(page, 'Email address')).toContainText('Not verified');
      expect(await pastTheEdge(page)).toEqual([]);

      const link = await linkFromOutbox(email, 'Confirm your email', '/verify-email');
      await page.goto(link);
      await waitForShop(page);
      await expect(main(page)).toContainText(`Your email address ${email} is verified.`);
      await openAccount(page);
      await expect(section(page, 'Email address')).toContainText('Verified');
      await expect(section(page, 'Email address')).not.toContainText('Not verified');

      // A wrong current password is said, and what was typed stays.
      const change = section(page, 'Change your password');
      await change.getByLabel('Current password').fill('not my password');
      await change.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
      await change.getByLabel('Confirm new password').fill(NEW_PASSWORD);
      await change.getByRole('button', { name: 'Change password' }).click();
      await expect(change.getByRole('alert')).toContainText('That is not your current password.');
      await expect(change.getByLabel('New password', { exact: true })).toHaveValue(NEW_PASSWORD);
      await change.getByLabel('Current password').fill(PASSWORD);
      await change.getByRole('button', { name: 'Change password' }).click();
      await expect(change.getByRole('status')).toContainText('Your password has been changed.');

      const remove = section(page, 'Delete your account');
      await remove.getByRole('button', { name: 'Delete my account' }).click();
      await remove.getByLabel('Your password').fill(NEW_PASSWORD);
      await remove.getByLabel('Type DELETE to confirm').fill('delete');
      await remove.getByRole('button', { name: 'Delete for good' }).click();
      await expect(remove.getByRole('alert')).toContainText('Type DELETE');
      await remove.getByLabel('Type DELETE to confirm').fill('DELETE');
      await remove.getByRole('button', { name: 'Delete for good' }).click();
      await expect(page).toHaveURL(/\/$/);
      await expectSignedOut(page);

      await page.goto('/signin');
      await waitForShop(page);
      const form = signInForm(page);
      await form.getByLabel('Email').fill(email);
      await form.getByLabel('Password').fill(NEW_PASSWORD);
      await form.getByRole('button', { name: 'Sign In', exact: true }).click();
      await expect(form.getByRole('alert')).toBeVisible();
    });

    test('a shopper moves their account to a new address, and downloads their data', async ({
      page,
      request,
    }) => {
      const email = await createAccount(request, 'Mover');
      await signInThroughForm(page, email);
      await openAccount(page);
      const newEmail = email.replace('@', '-moved@');
      const change = section(page, 'Change your email address');
      await change.getByLabel('New email address').fill(newEmail);
      await change.getByLabel('Current password').fill(PASSWORD);
      await change.getByRole('button', { name: 'Change email' }).click();
      await expect(change.getByRole('status')).toContainText(`We have sent a link to ${newEmail}.`);

      const link = await linkFromOutbox(newEmail, 'Confirm your new email', '/verify-email');
      await page.goto(link);
      await waitForShop(page);
      await expect(main(page)).toContainText(`Your email address is now ${newEmail}.`);
      await openAccount(page);
      await expect(section(page, 'Email address')).toContainText(newEmail);

      const download = page.waitForEvent('download');
      await section(page, 'Your data').getByRole('link', { name: 'Download your data' }).click();
      const file = await (await download).path();
      const data = JSON.parse(await readFile(file, 'utf8')) as { account: { email: string } };
      expect(data.account.email).toBe(newEmail);
    });
  });
}
