import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { listenOnLoopback, rawRequest } from '#server/test/raw-http.ts';
import { GOOD_PASSWORD, signUp, uniqueEmail } from '#server/test/shoppers.ts';
import { buildTestApp, type TestApp } from '#server/test/test-app.ts';

/**
 * Other spellings of a path: each must reach the route with every check, or nothing (404).
 * `{}` stands for the route's path after /api/auth/ (or after the interaction's uid).
 */
const SPELLINGS = [
  'x/../{}',
  '%2e/{}',
  '%2E%2E/auth/{}',
  './{}',
  '.%2f{}',
  '/{}',
  '{}/',
  '{}/.',
  '{}//',
  '{}%2f',
  '{}%00',
  '{}%20',
  '{};x',
  'X/..\\{}',
];
const caseVariants = (path: string) => [
  path.toUpperCase(),
  path.replace(/^./, (c) => c.toUpperCase()),
];

function spellings(base: string, rest: string): string[] {
  const doubled = rest.replace('/', '//');
  const escaped = rest.replace(/[a-z]/, (c) => `%${c.charCodeAt(0).toString(16)}`);
  return [
    ...SPELLINGS.map((pattern) => `${base}/${pattern.replace('{}', rest)}`),
    ...caseVariants(rest).map((variant) => `${base}/${variant}`),
    `${base}/${doubled}`,
    `${base}/${escaped}`,
    `${base.toUpperCase()}/${rest}`,
  ];
}

describe('path variants of the guarded routes', () => {
  let app: TestApp;
  let port: number;

  // Sign-in, sign-up and the login form share one per-IP count: a fresh server for each.
  beforeEach(async () => {
    // One attempt a minute per IP: after the first, the guarded route can only answer 429.
    app = await buildTestApp({ AUTH_IP_LIMIT_PER_MINUTE: '1' });
    port = await listenOnLoopback(app);
  });
  afterEach(() => app.close());

  const json = { 'content-type': 'application/json' };

  it.each([
    ['sign-in/email', { email: 'ada@example.com', password: GOOD_PASSWORD }],
    ['sign-up/email', { name: 'N'.repeat(500), email: uniqueEmail(), password: GOOD_PASSWORD }],
  ])('/api/auth/%s: every spelling is limited or not found', async (rest, body) => {
    const send = (path: string) =>
      rawRequest(port, { method: 'POST', path, headers: json, body: JSON.stringify(body) });
    expect((await send(`/api/auth/${rest}`)).status).not.toBe(429);
    expect((await send(`/api/auth/${rest}`)).status).toBe(429);

    const variants = spellings('/api/auth', rest);
    const answers = await Promise.all(
      variants.map(async (path) => [path, (await send(path)).status]),
    );
    console.log(`/api/auth/${rest}: ${variants.length} spellings, statuses`, [
      ...new Set(answers.map(([, status]) => status)),
    ]);
    for (const [path, status] of answers) {
      expect([404, 429], `${path} answered ${status}`).toContain(status);
    }
  });

  it('the local provider login form: every spelling is limited or not found', async () => {
    const form = { 'content-type': 'application/x-www-form-urlencoded' };
    const send = (path: string) =>
      rawRequest(port, {
        method: 'POST',
        path,
        headers: form,
        body: `email=ada%40example.com&name=Ada&password=${encodeURIComponent(GOOD_PASSWORD)}`,
      });
    const canonical = '/oidc/interaction/some-uid/login';
    expect((await send(canonical)).status).not.toBe(429);
    expect((await send(canonical)).status).toBe(429);

    const variants = spellings('/oidc/interaction', 'some-uid/login');
    const answers = await Promise.all(
      variants.map(async (path) => [path, (await send(path)).status]),
    );
    console.log(`${canonical}: ${variants.length} spellings, statuses`, [
      ...new Set(answers.map(([, status]) => status)),
    ]);
    for (const [path, status] of answers) {
      expect([404, 429], `${path} answered ${status}`).toContain(status);
    }
  });
});

describe('the auth endpoints the shop does not use', () => {
  let app: TestApp;
  let cookie: string;

  beforeAll(async () => {
    app = await buildTestApp({ AUTH_IP_LIMIT_PER_MINUTE: '1000' });
    ({ cookie } = await signUp(app, 'Ada'));
  });
  afterAll(() => app.close());

  const UNUSED = [
    ['POST', 'update-user', { name: 5 }],
    ['POST', 'update-user', { name: 'Mallory' }],
    ['POST', 'change-password', { currentPassword: GOOD_PASSWORD, newPassword: 'x'.repeat(20) }],
    ['POST', 'change-email', { newEmail: 'mallory@example.com' }],
    ['POST', 'delete-user', {}],
    ['POST', 'link-social', { provider: 'google' }],
    ['POST', 'unlink-account', { providerId: 'credential' }],
    ['GET', 'list-accounts', undefined],
    ['GET', 'list-sessions', undefined],
    ['POST', 'revoke-sessions', {}],
    ['POST', 'revoke-other-sessions', {}],
    ['POST', 'request-password-reset', { email: 'ada@example.com' }],
    ['POST', 'reset-password', { newPassword: 'x'.repeat(20), token: 'x' }],
    ['POST', 'sign-in/social', { provider: 'google' }],
    ['POST', 'sign-in/oauth2', { providerId: 'google' }],
    ['GET', 'oauth2/callback/google', undefined],
    ['POST', 'get-access-token', { providerId: 'google' }],
    ['POST', 'refresh-token', { providerId: 'google' }],
    ['GET', 'account-info', undefined],
    ['GET', 'ok', undefined],
    ['GET', 'error', undefined],
    ['POST', 'get-session', {}],
  ] as const;

  it.each(UNUSED)('%s /api/auth/%s answers JSON 404', async (method, endpoint, payload) => {
    const response = await app.inject({
      method,
      url: `/api/auth/${endpoint}`,
      headers: { cookie },
      ...(payload ? { payload } : {}),
    });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/application\/json/);
  });

  it('keeps the display name when update-user is tried', async () => {
    await app.inject({
      method: 'POST',
      url: '/api/auth/update-user',
      headers: { cookie },
      payload: { name: 'Mallory' },
    });
    const session = await app.inject({ url: '/api/auth/get-session', headers: { cookie } });
    expect(session.json<{ user: { name: string } }>().user.name).toBe('Ada');
  });
});

describe('the session token', () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await buildTestApp({ AUTH_IP_LIMIT_PER_MINUTE: '1000' });
  });
  afterAll(() => app.close());

  it('is in the HttpOnly cookie, not in the sign-up, sign-in or session bodies', async () => {
    const email = uniqueEmail();
    const signUpResponse = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      payload: { name: 'Ada', email, password: GOOD_PASSWORD },
    });
    const signInResponse = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email, password: GOOD_PASSWORD },
    });
    for (const response of [signUpResponse, signInResponse]) {
      expect(response.statusCode).toBe(200);
      expect(response.json<{ user: { email: string } }>().user.email).toBe(email);
      expect(response.body).not.toMatch(/"token"/);
      const setCookie = [response.headers['set-cookie'] ?? []].flat();
      const session = setCookie.find((line) => line.startsWith('crwn.session_token='));
      expect(session).toMatch(/HttpOnly/);
      const token = session?.split(';')[0]?.split('=')[1]?.split('.')[0] ?? '';
      expect(token.length).toBeGreaterThan(10);
      expect(response.body).not.toContain(token);

      const cookie = setCookie.map((line) => line.split(';')[0]).join('; ');
      const current = await app.inject({ url: '/api/auth/get-session', headers: { cookie } });
      expect(current.json<{ user: { email: string } }>().user.email).toBe(email);
      expect(current.body).not.toMatch(/"token"/);
      expect(current.body).not.toContain(token);
    }
  });
});

describe('the Google callback', () => {
  it('ends a sign-in with a forged state on the popup page, which reports it', async () => {
    const app = await buildTestApp();
    const response = await app.inject({ url: '/api/auth/callback/google?state=forged&code=x' });
    expect(response.statusCode).toBe(302);
    expect(String(response.headers.location)).toMatch(/^\/auth\/popup-done\?error=/);
    await app.close();
  });
});
