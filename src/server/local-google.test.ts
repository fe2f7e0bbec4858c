import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '#server/test/test-app.ts';

let app: TestApp | undefined;
afterEach(() => app?.close());

/** Builds the app with a logger that keeps its lines; returns the warnings logged at start. */
async function warningsAtStart(env: Record<string, string>): Promise<string[]> {
  const lines: string[] = [];
  const sink = { write: (line: string) => lines.push(line) };
  app = await buildTestApp({ LOG_LEVEL: 'warn', LOG_FORMAT: 'json', ...env }, { logTo: sink });
  return lines
    .map((line) => JSON.parse(line) as { level: number; msg: string })
    .filter((entry) => entry.level === 40)
    .map((entry) => entry.msg);
}

describe('the local stand-in for Google, switched by LOCAL_GOOGLE', () => {
  it('with LOCAL_GOOGLE=off, serves nothing under /oidc', async () => {
    app = await buildTestApp({ LOCAL_GOOGLE: 'off' });
    for (const url of ['/oidc/.well-known/openid-configuration', '/oidc/auth', '/oidc/jwks']) {
      expect((await app.inject({ url })).statusCode, url).toBe(404);
    }
    const login = await app.inject({ method: 'POST', url: '/oidc/interaction/x/login' });
    expect(login.statusCode).toBe(404);
  });

  it('with it off and no Google credentials, the sign-in popup ends at once saying Google is not set up', async () => {
    app = await buildTestApp({ LOCAL_GOOGLE: 'off' });
    const start = await app.inject({ url: '/auth/google/start' });
    expect(start.statusCode).toBe(302);
    expect(start.headers.location).toBe('/auth/popup-done?error=not_configured');
  });

  it('is on by default outside production, sending the popup to it', async () => {
    app = await buildTestApp();
    expect((await app.inject({ url: '/oidc/.well-known/openid-configuration' })).statusCode).toBe(
      200,
    );
    const start = await app.inject({ url: '/auth/google/start' });
    expect(start.headers.location).toMatch(/^http:\/\/localhost:3000\/oidc\/auth\?/);
  });

  // The server's own default (off unless LOCAL_GOOGLE=on) is config-local-google.test.ts's.
  it('warns at start when switched on in production or over https, and not otherwise', async () => {
    const warnsOfStandIn = (warnings: string[]) =>
      warnings.some((warning) => warning.includes('local stand-in for Google'));
    expect(
      warnsOfStandIn(await warningsAtStart({ NODE_ENV: 'production', LOCAL_GOOGLE: 'on' })),
    ).toBe(true);
    await app?.close();
    const https = {
      PUBLIC_URL: 'https://shop.example.com',
      PAYMENT_URL: 'https://pay.example.com',
      LOCAL_GOOGLE: 'on',
    };
    expect(warnsOfStandIn(await warningsAtStart(https))).toBe(true);
    await app?.close();
    expect(warnsOfStandIn(await warningsAtStart({ LOCAL_GOOGLE: 'on' }))).toBe(false);
  });
});
