import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '#server/test/test-app.ts';
import { GOOD_PASSWORD, cookieHeader, signUp, uniqueEmail } from '#server/test/shoppers.ts';

let app: TestApp;

beforeAll(async () => {
  app = await buildTestApp({ AUTH_IP_LIMIT_PER_MINUTE: '1000' });
});

afterAll(() => app.close());

const signUpWith = (payload: unknown) =>
  app.inject({ method: 'POST', url: '/api/auth/sign-up/email', payload: payload as object });
const signInWith = (payload: unknown) =>
  app.inject({ method: 'POST', url: '/api/auth/sign-in/email', payload: payload as object });
const sessionOf = async (cookie: string) =>
  (await app.inject({ url: '/api/auth/get-session', headers: { cookie } })).json<{
    user: { email: string };
  } | null>();

describe('sign-up', () => {
  it('creates the account and signs in with an HttpOnly, SameSite session cookie', async () => {
    const email = uniqueEmail();
    const response = await signUpWith({ name: 'Ada', email, password: GOOD_PASSWORD });
    expect(response.statusCode).toBe(200);
    const setCookie = String(response.headers['set-cookie']);
    expect(setCookie).toMatch(/crwn\.session_token=/);
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Lax/);
    const session = await sessionOf(cookieHeader(response.headers['set-cookie']));
    expect(session?.user.email).toBe(email);
  });

  it('refuses an email that already has an account, with a clear message', async () => {
    const { email } = await signUp(app);
    const response = await signUpWith({ name: 'Eve', email, password: GOOD_PASSWORD });
    expect(response.statusCode).toBe(422);
    expect(response.json<{ message: string }>().message).toMatch(/already exists/i);
  });

  it.each([
    ['an 11-character password', { password: 'a'.repeat(11) }, 400],
    ['a 12-character password', { password: 'a'.repeat(12) }, 200],
    ['a 128-character password', { password: 'a'.repeat(128) }, 200],
    ['a 129-character password', { password: 'a'.repeat(129) }, 400],
    ['a malformed email', { email: 'ada@' }, 400],
    ['an empty display name', { name: '   ' }, 400],
    ['an unknown field', { role: 'admin' }, 400],
  ])('answers %s with %i', async (_label, change, status) => {
    const response = await signUpWith({
      name: 'Ada',
      email: uniqueEmail(),
      password: GOOD_PASSWORD,
      ...change,
    });
    expect(response.statusCode).toBe(status);
    if (status === 400) expect(response.json<{ message: string }>().message).toBeTruthy();
  });

  it('refuses a huge body without reading it all', async () => {
    const response = await signUpWith({
      name: 'x'.repeat(50_000),
      email: uniqueEmail(),
      password: GOOD_PASSWORD,
    });
    expect(response.statusCode).toBe(413);
  });

  it('refuses a body that is not JSON with 400, not 500', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: { 'content-type': 'application/json' },
      payload: '{"name":',
    });
    expect(response.statusCode).toBe(400);
  });
});

describe('sign-in and sign-out', () => {
  it('signs in with the right password and rotates the session each time', async () => {
    const { email, cookie: signUpCookie } = await signUp(app);
    const first = await signInWith({ email, password: GOOD_PASSWORD });
    const second = await signInWith({ email, password: GOOD_PASSWORD });
    expect(first.statusCode).toBe(200);
    const firstCookie = cookieHeader(first.headers['set-cookie']);
    const secondCookie = cookieHeader(second.headers['set-cookie']);
    expect(new Set([signUpCookie, firstCookie, secondCookie]).size).toBe(3);
  });

  it('reads the same for a wrong password and an unknown email', async () => {
    const { email } = await signUp(app);
    const wrongPassword = await signInWith({ email, password: 'not the password!' });
    const unknownEmail = await signInWith({
      email: uniqueEmail('nobody'),
      password: GOOD_PASSWORD,
    });
    expect(wrongPassword.statusCode).toBe(401);
    expect(unknownEmail.statusCode).toBe(401);
    expect(wrongPassword.json<{ message: string }>().message).toBe(
      unknownEmail.json<{ message: string }>().message,
    );
  });

  it('kills the session at sign-out', async () => {
    const { cookie } = await signUp(app);
    expect(await sessionOf(cookie)).not.toBeNull();
    const out = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { cookie },
    });
    expect(out.statusCode).toBe(200);
    expect(await sessionOf(cookie)).toBeNull();
  });
});

describe('limits', () => {
  it('limits attempts per account, whatever the IP', async () => {
    const limited = await buildTestApp({
      AUTH_ACCOUNT_LIMIT_PER_15_MINUTES: '3',
      AUTH_IP_LIMIT_PER_MINUTE: '1000',
    });
    const email = uniqueEmail();
    const statuses: number[] = [];
    let last = '';
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const response = await limited.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        payload: { email, password: 'wrong password!' },
        remoteAddress: `10.0.0.${attempt + 1}`,
      });
      statuses.push(response.statusCode);
      last = response.json<{ message: string }>().message;
    }
    expect(statuses).toEqual([401, 401, 401, 429, 429]);
    // The way out of a locked account is a new password (issue 15).
    expect(last).toMatch(
      /^Too many attempts for this account\. Try again in \d+ minutes?, or choose a new password with "Forgot password\?"\.$/,
    );
    await limited.close();
  });

  it('limits attempts per IP, whatever the account', async () => {
    const limited = await buildTestApp({ AUTH_IP_LIMIT_PER_MINUTE: '3' });
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const response = await limited.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        payload: { email: uniqueEmail(), password: 'wrong password!' },
      });
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([401, 401, 401, 429, 429]);
    await limited.close();
  });
});

describe('cross-site requests', () => {
  it.each([
    ['Sec-Fetch-Site: cross-site', { 'sec-fetch-site': 'cross-site' }],
    ['Sec-Fetch-Site: same-site', { 'sec-fetch-site': 'same-site' }],
    ['a foreign Origin', { origin: 'https://evil.example' }],
  ])('are refused with 403 (%s)', async (_label, headers) => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers,
      payload: { name: 'Ada', email: uniqueEmail(), password: GOOD_PASSWORD },
    });
    expect(response.statusCode).toBe(403);
  });

  it("are refused on the shop's own routes too, not only the auth library's", async () => {
    const { id, cookie } = await signUp(app);
    const response = await app.inject({
      method: 'PATCH',
      url: `/api/users/${id}`,
      headers: { cookie, 'sec-fetch-site': 'cross-site' },
      payload: { displayName: 'Hacked' },
    });
    expect(response.statusCode).toBe(403);
  });

  it('lets same-origin requests through', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: { 'sec-fetch-site': 'same-origin', origin: 'http://localhost:3000' },
      payload: { name: 'Ada', email: uniqueEmail(), password: GOOD_PASSWORD },
    });
    expect(response.statusCode).toBe(200);
  });
});
