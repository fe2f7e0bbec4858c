import { createHash, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '#server/config.ts';
import { GOOD_PASSWORD } from '#server/test/shoppers.ts';
import { buildTestApp, type TestApp } from '#server/test/test-app.ts';

describe('TRUST_PROXY', () => {
  it.each([
    [undefined, false],
    ['', false],
    ['127.0.0.1', ['127.0.0.1']],
    [' 10.0.0.0/8, ::1 ,loopback', ['10.0.0.0/8', '::1', 'loopback']],
  ])('reads %j as %j', (value, expected) => {
    const env = value === undefined ? {} : { TRUST_PROXY: value };
    expect(loadConfig(env).TRUST_PROXY).toEqual(expected);
  });

  it.each([
    'true',
    '*',
    '1',
    '2',
    '0.0.0.0/0',
    '::/0',
    '10.0.0.0/33',
    'proxy.example.com',
    '10.0.0.1,',
  ])('refuses %j, naming the variable', (value) => {
    expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(/TRUST_PROXY/);
  });
});

/** Two sign-in attempts that claim, by X-Forwarded-For, to come from two addresses. */
async function twoClaimedAddresses(app: TestApp) {
  const statuses: number[] = [];
  for (const address of ['203.0.113.1', '203.0.113.2']) {
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      // inject's own address is 127.0.0.1: the proxy, when trusted.
      headers: { 'x-forwarded-for': address },
      payload: { email: 'ada@example.com', password: GOOD_PASSWORD },
    });
    statuses.push(response.statusCode);
  }
  return statuses;
}

describe('per-IP limits behind a proxy', () => {
  it.each([
    ['without TRUST_PROXY', {}],
    ['with another proxy trusted', { TRUST_PROXY: '10.0.0.1' }],
  ])('%s, forwarded addresses do not count: both share one limit', async (_label, env) => {
    const app = await buildTestApp({ AUTH_IP_LIMIT_PER_MINUTE: '1', ...env });
    const [first, second] = await twoClaimedAddresses(app);
    expect(first).toBe(401);
    expect(second).toBe(429);
    await app.close();
  });

  it('with the proxy trusted, each forwarded address has its own limit', async () => {
    const app = await buildTestApp({ AUTH_IP_LIMIT_PER_MINUTE: '1', TRUST_PROXY: '127.0.0.1' });
    expect(await twoClaimedAddresses(app)).toEqual([401, 401]);
    await app.close();
  });
});

describe('the local OpenID provider behind a TLS proxy', () => {
  const origin = 'https://shop.example.test';

  async function startSignIn(app: TestApp, headers: Record<string, string>) {
    const verifier = randomBytes(32).toString('base64url');
    const query = new URLSearchParams({
      client_id: 'crwn-shop',
      redirect_uri: `${origin}/api/auth/callback/google`,
      response_type: 'code',
      scope: 'openid email profile',
      state: 'state',
      code_challenge: createHash('sha256').update(verifier).digest('base64url'),
      code_challenge_method: 'S256',
      prompt: 'select_account',
    });
    return app.inject({ url: `/oidc/auth?${query.toString()}`, headers });
  }

  it.each([
    ['no forwarded headers', {}],
    ['a forged X-Forwarded-Proto: http', { 'x-forwarded-proto': 'http' }],
    ['a forged X-Forwarded-Host', { 'x-forwarded-host': 'evil.example' }],
  ])('starts sign-in with Secure cookies, given %s', async (_label, headers) => {
    const app = await buildTestApp({ PUBLIC_URL: origin, PAYMENT_URL: 'https://pay.example.com' });
    const response = await startSignIn(app, headers);
    expect(response.statusCode).toBe(303);
    expect(String(response.headers.location)).toMatch(/^\/oidc\/interaction\//);
    const cookies = [response.headers['set-cookie'] ?? []].flat();
    expect(cookies.length).toBeGreaterThan(0);
    for (const cookie of cookies) expect(cookie).toMatch(/; secure/i);
    await app.close();
  });
});
