import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIGNED_IN_HINT_COOKIE } from '#shared/signed-in-hint.ts';
import { TEST_PUBLIC_URL, buildTestApp, type TestApp } from '#server/test/test-app.ts';
import { GOOD_PASSWORD, signUp, uniqueEmail } from '#server/test/shoppers.ts';
import { hintLineFor } from './signed-in-hint.ts';

let app: TestApp;

beforeAll(async () => {
  app = await buildTestApp({ AUTH_IP_LIMIT_PER_MINUTE: '1000' });
}, 30_000);

afterAll(() => app.close());

const setCookies = (headers: Record<string, unknown>): string[] =>
  [headers['set-cookie'] ?? []].flat().map(String);

/** The Set-Cookie line of the hint in an answer, if there is one. */
const hintLine = (headers: Record<string, unknown>) =>
  setCookies(headers).find((line) => line.startsWith(`${SIGNED_IN_HINT_COOKIE}=`));

const HINT = `${SIGNED_IN_HINT_COOKIE}=1`;

describe('the signed-in hint cookie', () => {
  it('comes with a new session: readable, the same lifetime, path and SameSite', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      payload: { name: 'Ada', email: uniqueEmail(), password: GOOD_PASSWORD },
    });
    expect(response.statusCode).toBe(200);
    const session = setCookies(response.headers).find((line) =>
      line.startsWith('crwn.session_token='),
    );
    expect(session).toMatch(/Max-Age=604800/);
    expect(hintLine(response.headers)).toBe(`${HINT}; Max-Age=604800; Path=/; SameSite=Lax`);
  });

  it('comes with a sign-in, and goes with the sign-out', async () => {
    const { email } = await signUp(app);
    const signIn = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email, password: GOOD_PASSWORD },
    });
    expect(hintLine(signIn.headers)).toMatch(new RegExp(`^${HINT};`));
    const cookie = setCookies(signIn.headers)
      .map((line) => line.split(';')[0])
      .join('; ');

    const signOut = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { cookie, origin: TEST_PUBLIC_URL },
      payload: {},
    });
    expect(signOut.statusCode).toBe(200);
    expect(hintLine(signOut.headers)).toMatch(/^crwn_signed_in=; Max-Age=0; Path=\//);
  });

  it('is cleared by get-session when the session it stands for is gone', async () => {
    const response = await app.inject({
      url: '/api/auth/get-session',
      headers: { cookie: `${HINT}; crwn.session_token=forged.value` },
    });
    expect(response.json()).toBeNull();
    expect(hintLine(response.headers)).toMatch(/^crwn_signed_in=; Max-Age=0/);
  });

  it('is left alone by get-session while the session lives', async () => {
    const { cookie } = await signUp(app);
    expect(cookie).toContain(HINT);
    const response = await app.inject({
      url: '/api/auth/get-session',
      headers: { cookie },
    });
    expect(response.json<{ user: { name: string } }>().user.name).toBe('Ada');
    expect(hintLine(response.headers)).toBeUndefined();
  });

  it('is given to a browser that has a session but no hint, on any page', async () => {
    const { cookie } = await signUp(app);
    expect(cookie).toContain(HINT);
    // A session made before the hint existed, or a hint the shopper deleted.
    const sessionOnly = cookie.replace(HINT, '');
    const page = await app.inject({ url: '/shop', headers: { cookie: sessionOnly } });
    expect(page.statusCode).toBe(200);
    expect(hintLine(page.headers)).toMatch(new RegExp(`^${HINT}; Max-Age=604800; Path=/`));
  });

  it('is cleared on any page when the browser no longer sends a session', async () => {
    const page = await app.inject({ url: '/', headers: { cookie: HINT } });
    expect(hintLine(page.headers)).toMatch(/^crwn_signed_in=; Max-Age=0/);
    const signedOut = await app.inject({ url: '/' });
    expect(hintLine(signedOut.headers)).toBeUndefined();
  });
});

describe('hintLineFor', () => {
  it('keeps Secure and the lifetime of a session cookie on https, without HttpOnly', () => {
    expect(
      hintLineFor(
        '__Secure-crwn.session_token=abc.def; Max-Age=3600; Path=/; HttpOnly; Secure; SameSite=Lax',
      ),
    ).toBe(`${HINT}; Max-Age=3600; Path=/; Secure; SameSite=Lax`);
  });

  it('clears the hint when the session cookie is cleared', () => {
    expect(hintLineFor('crwn.session_token=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax')).toBe(
      'crwn_signed_in=; Max-Age=0; Path=/; SameSite=Lax',
    );
  });
});
