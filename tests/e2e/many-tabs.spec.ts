import type { Page, Request } from '@playwright/test';
import {
  createAccount,
  displayNameForm,
  expectSignedOut,
  signInThroughForm,
  signOut,
} from './support/accounts.ts';
import { expect, test } from './support/test.ts';

/** More tabs than HTTP/1.1's six connections per host: a stream per tab would stall the rest. */
const TABS = 8;
const PROFILE_STREAM = /\/api\/users\/[^/]+\/events$/;

/** Changes the display name on the account page of `page`, as the shopper does. */
async function rename(page: Page, displayName: string) {
  const form = displayNameForm(page);
  await form.getByLabel('New display name').fill(displayName);
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByRole('status')).toHaveText('Saved.');
}

async function expectEveryTabShows(tabs: Page[], displayName: string) {
  for (const tab of tabs) {
    await expect(tab.getByTestId('account-display-name')).toHaveText(displayName);
  }
}

// Issue #12: one live connection shared by all the tabs of a browser (ADR 031).
for (const viewport of [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
]) {
  test.describe(`at ${viewport.width} px, a shopper with ${TABS} tabs open`, () => {
    test.use({ viewport });

    test('sees a change made in one tab in all, over one live connection that outlives its tab', async ({
      context,
      request,
    }) => {
      // Eight page loads at once on a shared machine.
      test.setTimeout(180_000);
      // The profile streams open now: a page that navigates or closes ends its own.
      const streams = new Set<Request>();
      context.on('request', (sent) => {
        if (PROFILE_STREAM.test(new URL(sent.url()).pathname)) streams.add(sent);
      });
      context.on('requestfailed', (ended) => streams.delete(ended));
      context.on('requestfinished', (ended) => streams.delete(ended));
      // A closed page's stream ends with it, reported or not.
      const streamTabs = () =>
        [...streams].map((stream) => stream.frame().page()).filter((tab) => !tab.isClosed());
      const email = await createAccount(request, 'Ada');
      const first = await context.newPage();
      await signInThroughForm(first, email);
      await first.goto('/account');
      const tabs = [first];
      for (let opened = 1; opened < TABS; opened += 1) {
        const tab = await context.newPage();
        await tab.goto('/account');
        tabs.push(tab);
      }
      await expectEveryTabShows(tabs, 'Ada');

      const editor = tabs[TABS - 1] as Page;
      await rename(editor, 'Ada Lovelace');
      await expectEveryTabShows(tabs, 'Ada Lovelace');
      expect(streamTabs()).toHaveLength(1);

      const leader = streamTabs()[0] as Page;
      await leader.close();
      const rest = tabs.filter((tab) => tab !== leader);
      // Another tab takes the stream over.
      await expect.poll(() => streamTabs()).toHaveLength(1);

      await rename(rest[0] as Page, 'Ada Byron');
      await expectEveryTabShows(rest, 'Ada Byron');

      // A sign-out in any tab reaches every other.
      await signOut(rest[1] as Page);
      for (const tab of rest) await expectSignedOut(tab);
    });
  });
}
