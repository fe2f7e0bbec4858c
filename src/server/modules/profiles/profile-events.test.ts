import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, TEST_PUBLIC_URL, type TestApp } from '#server/test/test-app.ts';
import { until, watchProfile } from '#server/test/event-stream.ts';
import { cookieHeader, GOOD_PASSWORD, signUpWithProfile } from '#server/test/shoppers.ts';

let app: TestApp;
let base: string;

beforeAll(async () => {
  app = await buildTestApp({ AUTH_IP_LIMIT_PER_MINUTE: '1000' });
  base = await app.listen({ port: 0, host: '127.0.0.1' });
});

afterAll(() => app.close());

/** Opens users/{uid}/events over real HTTP and collects the documents it pushes. */
function watch(uid: string, cookie: string, server = base) {
  // The listening app answers the shop's own host; loopback is another name (ADR 024).
  return watchProfile(server, uid, cookie, new URL(TEST_PUBLIC_URL).host);
}

/** A shopper with a profile document, signed up through the API. */
function shopperWithProfile(name: string, on: TestApp = app) {
  return signUpWithProfile(on, name);
}

/** A second session of the same shopper, as another browser would get. */
async function signIn(email: string) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    payload: { email, password: GOOD_PASSWORD },
  });
  if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.body}`);
  return cookieHeader(response.headers['set-cookie']);
}

function rename(uid: string, cookie: string, displayName: string) {
  return app.inject({
    method: 'PATCH',
    url: `/api/users/${uid}`,
    headers: { cookie },
    payload: { displayName },
  });
}

describe('live profile updates', () => {
  it('reach every open stream of the owner, and no one else', async () => {
    const ada = await shopperWithProfile('Ada');
    const eve = await shopperWithProfile('Eve');
    const adaTab1 = await watch(ada.id, ada.cookie);
    const adaTab2 = await watch(ada.id, ada.cookie);
    const eveTab = await watch(eve.id, eve.cookie);
    await until(
      () =>
        adaTab1.received.length > 0 && adaTab2.received.length > 0 && eveTab.received.length > 0,
    );
    expect(adaTab1.received[0]).toMatchObject({ displayName: 'Ada' });

    await rename(ada.id, ada.cookie, 'Ada Lovelace');
    await until(() => adaTab1.received.length > 1 && adaTab2.received.length > 1);

    expect(adaTab1.received.at(-1)).toMatchObject({ id: ada.id, displayName: 'Ada Lovelace' });
    expect(adaTab2.received.at(-1)).toMatchObject({ id: ada.id, displayName: 'Ada Lovelace' });
    expect(eveTab.received).toHaveLength(1);
    expect(JSON.stringify(eveTab.received)).not.toContain('Lovelace');
    for (const tab of [adaTab1, adaTab2, eveTab]) tab.stop();
  });
});

// Issue 9, item 6: a stream outlived its session by up to a heartbeat (25 s).
describe('a live stream ends with its session', () => {
  it('ends at once when its session signs out, and gets no further profile', async () => {
    const ada = await shopperWithProfile('Ada');
    const otherBrowser = await signIn(ada.email);
    const tab = await watch(ada.id, ada.cookie);
    const stillSignedIn = await watch(ada.id, otherBrowser);
    await until(() => tab.received.length > 0 && stillSignedIn.received.length > 0);

    const signOut = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { cookie: ada.cookie, origin: 'http://localhost:3000' },
    });
    expect(signOut.statusCode).toBe(200);
    await until(tab.ended);
    expect(tab.ended()).toBe(true);

    // The other browser's session lives on and still sees changes; the signed-out tab does not.
    await rename(ada.id, otherBrowser, 'Ada Lovelace');
    await until(() => stillSignedIn.received.length > 1);
    expect(stillSignedIn.received.at(-1)).toMatchObject({ displayName: 'Ada Lovelace' });
    expect(stillSignedIn.ended()).toBe(false);
    expect(JSON.stringify(tab.received)).not.toContain('Lovelace');
    tab.stop();
    stillSignedIn.stop();
  });

  // Revoking sessions and changing the password are not offered by the shop (ADR 017 closed
  // better-auth's endpoints for them); the session-ended hook they fire is the sign-out's, and a
  // session removed any other way is covered below.
  it('never delivers a document to a stream whose session is gone, however it went', async () => {
    const ada = await shopperWithProfile('Ada');
    const otherBrowser = await signIn(ada.email);
    const tab = await watch(ada.id, ada.cookie);
    const witness = await watch(ada.id, otherBrowser);
    await until(() => tab.received.length > 0 && witness.received.length > 0);

    // Removed behind better-auth's back (another process, an operator): no event tells anyone.
    const token = decodeURIComponent(/crwn\.session_token=([^;]+)/.exec(ada.cookie)?.[1] ?? '');
    const deleted = await app.db
      .deleteFrom('session' as never)
      .where('token' as never, '=', token.split('.')[0] as never)
      .executeTakeFirst();
    expect(deleted.numDeletedRows).toBe(1n);

    await rename(ada.id, otherBrowser, 'Ada Lovelace');
    await until(() => witness.received.length > 1 && tab.ended());
    expect(witness.received.at(-1)).toMatchObject({ displayName: 'Ada Lovelace' });
    expect(tab.ended()).toBe(true);
    expect(JSON.stringify(tab.received)).not.toContain('Lovelace');
    tab.stop();
    witness.stop();
  });
});

describe('closing the app', () => {
  it('ends every open stream, so close completes', async () => {
    const closing = await buildTestApp({ AUTH_IP_LIMIT_PER_MINUTE: '1000' });
    const server = await closing.listen({ port: 0, host: '127.0.0.1' });
    const ada = await shopperWithProfile('Ada', closing);
    const tabs = [await watch(ada.id, ada.cookie, server), await watch(ada.id, ada.cookie, server)];
    await until(() => tabs.every((tab) => tab.received.length > 0));

    await expect(closing.close()).resolves.toBeUndefined();
    await until(() => tabs.every((tab) => tab.ended()));
    expect(tabs.map((tab) => tab.ended())).toEqual([true, true]);
  });
});
