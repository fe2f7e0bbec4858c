import { createHash, createPublicKey, randomBytes, verify, type JsonWebKey } from 'node:crypto';
import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deriveSecret } from '#server/platform/secrets.ts';
import { UNLIMITED } from '#server/test/payments.ts';
import { buildTestApp, TEST_AUTH_SECRET, type TestApp } from '#server/test/test-app.ts';

/** The shop's client at its local provider (app.ts registers it). */
const CLIENT_ID = 'crwn-shop';
/** The shop's client secret at its local provider, derived as app.ts derives it. */
const CLIENT_SECRET = deriveSecret(TEST_AUTH_SECRET, 'local-oidc-client');
const ANN = { email: 'Ann@Example.com', name: 'Ann <Tester>', password: 'correct horse battery' };
const BOB = { email: 'bob@example.com', name: 'Bob', password: 'another long password' };

let app: TestApp;
let origin: string;
let issuer: string;
let redirectUri: string;

/** A free port, so the issuer can name it before the app is built (oidc-provider needs it). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => {
        if (address && typeof address === 'object') resolve(address.port);
        else reject(new Error('no port'));
      });
    });
  });
}

beforeAll(async () => {
  const port = await freePort();
  origin = `http://127.0.0.1:${port}`;
  issuer = `${origin}/oidc`;
  redirectUri = `${origin}/api/auth/callback/google`;
  // The whole shop, with the local provider that stands in for Google, at a real address: the
  // provider names its own endpoints from it.
  app = await buildTestApp({ ...UNLIMITED, PUBLIC_URL: origin });
  await app.listen({ port, host: '127.0.0.1' });
});

afterAll(() => app.close());

/** A browser's cookies, simplified: every cookie goes to every path of the one host. */
interface Browser {
  fetch(url: string, init?: RequestInit): Promise<Response>;
  post(url: string, fields: Record<string, string>): Promise<Response>;
  /** A cookie's value, for a test that plays it back later. */
  cookie(name: string): string | undefined;
  setCookie(name: string, value: string): void;
  /** Names of the cookies the browser holds. */
  cookieNames(): string[];
}

function newBrowser(): Browser {
  const cookies = new Map<string, string>();

  async function browserFetch(url: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    if (cookies.size) {
      headers.set('cookie', [...cookies].map(([name, value]) => `${name}=${value}`).join('; '));
    }
    const response = await fetch(new URL(url, origin), { ...init, headers, redirect: 'manual' });
    for (const setCookie of response.headers.getSetCookie()) {
      const [pair = ''] = setCookie.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = /max-age=0/i.test(setCookie) || /expires=Thu, 01 Jan 1970/i.test(setCookie);
      if (expired || value === '') cookies.delete(name);
      else cookies.set(name, value);
    }
    return response;
  }

  return {
    fetch: browserFetch,
    cookie: (name) => cookies.get(name),
    setCookie: (name, value) => cookies.set(name, value),
    cookieNames: () => [...cookies.keys()],
    post: (url, fields) =>
      browserFetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(fields).toString(),
      }),
  };
}

function location(response: Response): string {
  const value = response.headers.get('location');
  if (!value)
    throw new Error(`expected a redirect, got ${response.status}: ${response.statusText}`);
  return new URL(value, origin).href;
}

interface Authorization {
  /** The chooser's URL, /oidc/interaction/<uid>. */
  interactionUrl: string;
  state: string;
  verifier: string;
}

/** An authorization request with PKCE; `params` override or (as undefined) drop parameters. */
function authorizationRequest(params: Record<string, string | undefined> = {}) {
  const state = randomBytes(16).toString('base64url');
  const verifier = randomBytes(32).toString('base64url');
  const all: Record<string, string | undefined> = {
    client_id: CLIENT_ID,
    redirect_uri: redirectUri,
    response_type: 'code',
    scope: 'openid email profile',
    state,
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
    prompt: 'select_account',
    ...params,
  };
  const url = new URL(`${issuer}/auth`);
  for (const [name, value] of Object.entries(all)) {
    if (value !== undefined) url.searchParams.set(name, value);
  }
  return { url: url.href, state, verifier };
}

/** What the shop's sign-in button does: an authorization request that shows the chooser. */
async function startSignIn(
  browser: Browser,
  params: Record<string, string | undefined> = {},
): Promise<Authorization> {
  const { url, state, verifier } = authorizationRequest(params);
  const response = await browser.fetch(url);
  expect(response.status).toBe(303);
  const interactionUrl = location(response);
  expect(new URL(interactionUrl).pathname).toMatch(/^\/oidc\/interaction\/[\w-]+$/);
  return { interactionUrl, state, verifier };
}

/** Follows a finished interaction back through oidc-provider to the shop's callback's code. */
async function codeAfter(browser: Browser, finished: Response, state: string): Promise<string> {
  expect(finished.status).toBe(303);
  const resumed = await browser.fetch(location(finished));
  expect(resumed.status).toBe(303);
  const callback = new URL(location(resumed));
  expect(`${callback.origin}${callback.pathname}`).toBe(redirectUri);
  expect(callback.searchParams.get('state')).toBe(state);
  expect(callback.searchParams.get('iss')).toBe(issuer);
  const code = callback.searchParams.get('code');
  if (!code) throw new Error(`no code in ${callback.href}`);
  return code;
}

interface Tokens {
  id_token: string;
  access_token: string;
}

async function exchangeCode(code: string, verifier: string): Promise<Tokens> {
  const response = await fetch(`${issuer}/token`, {
    method: 'POST',
    headers: {
      authorization: `Basic ${Buffer.from(`${CLIENT_ID}:${CLIENT_SECRET}`).toString('base64')}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      redirect_uri: redirectUri,
      code_verifier: verifier,
    }).toString(),
  });
  expect(response.status).toBe(200);
  return (await response.json()) as Tokens;
}

/** The ID token's claims, after checking its RS256 signature against the provider's JWKS. */
async function verifiedIdTokenClaims(idToken: string): Promise<Record<string, unknown>> {
  const [header = '', payload = '', signature = ''] = idToken.split('.');
  const { kid, alg } = JSON.parse(Buffer.from(header, 'base64url').toString()) as {
    kid: string;
    alg: string;
  };
  expect(alg).toBe('RS256');
  const jwks = (await (await fetch(`${issuer}/jwks`)).json()) as {
    keys: (JsonWebKey & { kid: string })[];
  };
  const jwk = jwks.keys.find((key) => key.kid === kid);
  if (!jwk) throw new Error('signing key not published');
  expect(jwk).not.toHaveProperty('d');
  const valid = verify(
    'sha256',
    Buffer.from(`${header}.${payload}`),
    createPublicKey({ key: jwk, format: 'jwk' }),
    Buffer.from(signature, 'base64url'),
  );
  expect(valid).toBe(true);
  return JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>;
}

/** The subs the chooser offers as buttons. */
function listedSubs(html: string): string[] {
  return [
    ...html.matchAll(/action="[^"]*\/select"><input type="hidden" name="sub" value="([^"]+)"/g),
  ].map((match) => match[1] ?? '');
}

describe('local OpenID provider', () => {
  const browser = newBrowser();
  let annSub = '';

  it('publishes its discovery document', async () => {
    const response = await fetch(`${issuer}/.well-known/openid-configuration`);
    expect(response.status).toBe(200);
    const discovery = (await response.json()) as Record<string, unknown>;
    expect(discovery).toMatchObject({
      issuer,
      authorization_endpoint: `${issuer}/auth`,
      token_endpoint: `${issuer}/token`,
      userinfo_endpoint: `${issuer}/me`,
      jwks_uri: `${issuer}/jwks`,
      code_challenge_methods_supported: ['S256'],
      response_types_supported: ['code'],
    });
    expect(discovery.prompt_values_supported).toContain('select_account');
    expect(discovery.scopes_supported).toEqual(
      expect.arrayContaining(['openid', 'email', 'profile']),
    );
    expect(discovery.token_endpoint_auth_methods_supported).toEqual(
      expect.arrayContaining(['client_secret_basic', 'client_secret_post']),
    );
  });

  it('signs a first-time visitor up through "Use another account" and issues tokens', async () => {
    const { interactionUrl, state, verifier } = await startSignIn(browser);

    const chooser = await browser.fetch(interactionUrl);
    expect(chooser.status).toBe(200);
    expect(chooser.headers.get('content-security-policy')).toContain("default-src 'none'");
    const chooserHtml = await chooser.text();
    expect(chooserHtml).toContain('Choose an account');
    expect(chooserHtml).toContain('to continue to CRWN Clothing');
    expect(listedSubs(chooserHtml)).toEqual([]);

    const form = await browser.fetch(`${interactionUrl}/another`);
    expect(form.status).toBe(200);
    expect(await form.text()).toContain('name="password"');

    const finished = await browser.post(`${interactionUrl}/login`, ANN);
    const code = await codeAfter(browser, finished, state);

    const tokens = await exchangeCode(code, verifier);
    const claims = await verifiedIdTokenClaims(tokens.id_token);
    expect(claims).toMatchObject({
      iss: issuer,
      aud: CLIENT_ID,
      email: 'ann@example.com',
      email_verified: false,
      name: ANN.name,
    });
    annSub = String(claims.sub);
    expect(annSub).not.toBe('');

    const userinfo = await fetch(`${issuer}/me`, {
      headers: { authorization: `Bearer ${tokens.access_token}` },
    });
    expect(userinfo.status).toBe(200);
    expect(await userinfo.json()).toEqual({
      sub: annSub,
      email: 'ann@example.com',
      email_verified: false,
      name: ANN.name,
    });
  });

  it('a code is good for one exchange only', async () => {
    const { interactionUrl, state, verifier } = await startSignIn(browser);
    const chooserHtml = await (await browser.fetch(interactionUrl)).text();
    const code = await codeAfter(
      browser,
      await browser.post(`${interactionUrl}/select`, { sub: listedSubs(chooserHtml)[0] ?? '' }),
      state,
    );
    await exchangeCode(code, verifier);
    const again = await fetch(`${issuer}/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code,
        redirect_uri: redirectUri,
        code_verifier: verifier,
        // client_secret_post works as well as client_secret_basic.
        client_id: CLIENT_ID,
        client_secret: CLIENT_SECRET,
      }).toString(),
    });
    expect(again.status).toBe(400);
    expect(await again.json()).toMatchObject({ error: 'invalid_grant' });
  });

  it('shows the chooser again next time, listing that account, which continues without a password while the provider session is its own', async () => {
    const { interactionUrl, state, verifier } = await startSignIn(browser);
    const chooser = await browser.fetch(interactionUrl);
    const html = await chooser.text();
    expect(listedSubs(html)).toEqual([annSub]);
    expect(html).toContain('ann@example.com');
    // The name is escaped, not markup.
    expect(html).toContain('Ann &lt;Tester&gt;');
    expect(html).not.toContain('<Tester>');

    const code = await codeAfter(
      browser,
      await browser.post(`${interactionUrl}/select`, { sub: annSub }),
      state,
    );
    const claims = await verifiedIdTokenClaims((await exchangeCode(code, verifier)).id_token);
    expect(claims.sub).toBe(annSub);
  });

  it('switches to another account and back, listing both', async () => {
    const bob = await startSignIn(browser);
    await codeAfter(browser, await browser.post(`${bob.interactionUrl}/login`, BOB), bob.state);

    const ann = await startSignIn(browser);
    const html = await (await browser.fetch(ann.interactionUrl)).text();
    const subs = listedSubs(html);
    expect(subs).toHaveLength(2);
    expect(subs[1]).toBe(annSub);
    expect(html).toContain(BOB.email);

    // The provider session is Bob's now: Ann's password is asked.
    const verify = await browser.post(`${ann.interactionUrl}/select`, { sub: annSub });
    expect(verify.status).toBe(200);
    expect(await verify.text()).toContain("Verify it's you");
    const code = await codeAfter(
      browser,
      await browser.post(`${ann.interactionUrl}/verify`, { sub: annSub, password: ANN.password }),
      ann.state,
    );
    const claims = await verifiedIdTokenClaims((await exchangeCode(code, ann.verifier)).id_token);
    expect(claims.sub).toBe(annSub);
  });

  it('lists nothing in another browser, nor lets it pick a known account without a password', async () => {
    const stranger = newBrowser();
    const { interactionUrl } = await startSignIn(stranger);
    const html = await (await stranger.fetch(interactionUrl)).text();
    expect(listedSubs(html)).toEqual([]);
    expect(html).not.toContain('ann@example.com');

    const forged = await stranger.post(`${interactionUrl}/select`, { sub: annSub });
    expect(forged.status).toBe(403);
    expect(forged.headers.get('location')).toBeNull();
  });

  it('refuses a wrong password for an existing email, keeping what was typed', async () => {
    const stranger = newBrowser();
    const { interactionUrl } = await startSignIn(stranger);
    const response = await stranger.post(`${interactionUrl}/login`, {
      email: ' ANN@example.com ',
      name: 'Someone "Else"',
      password: 'not the right password',
    });
    expect(response.status).toBe(401);
    const html = await response.text();
    expect(html).toContain('Wrong email or password.');
    expect(html).toContain('value="ANN@example.com"');
    expect(html).toContain('value="Someone &quot;Else&quot;"');
    expect(html).not.toContain('not the right password');
  });

  it('refuses a new account with a short password', async () => {
    const stranger = newBrowser();
    const { interactionUrl } = await startSignIn(stranger);
    const response = await stranger.post(`${interactionUrl}/login`, {
      email: 'carol@example.com',
      name: 'Carol',
      password: 'short',
    });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain('at least 12 characters');
  });

  it('refuses a form posted for another interaction', async () => {
    const first = await startSignIn(browser);
    const second = await startSignIn(browser);
    // The browser now holds the cookie of the second interaction only.
    const response = await browser.post(`${first.interactionUrl}/select`, { sub: annSub });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain('expired');
    expect(second.interactionUrl).not.toBe(first.interactionUrl);
  });

  it('forgets an account from the list on request', async () => {
    const { interactionUrl } = await startSignIn(browser);
    const forgotten = await browser.post(`${interactionUrl}/forget`, { sub: annSub });
    expect(forgotten.status).toBe(303);
    const html = await (await browser.fetch(location(forgotten))).text();
    expect(listedSubs(html)).not.toContain(annSub);
    expect(listedSubs(html)).toHaveLength(1);
  });

  it('sends the user back to the shop with access_denied on Cancel', async () => {
    const { interactionUrl, state } = await startSignIn(browser);
    const aborted = await browser.post(`${interactionUrl}/abort`, {});
    const resumed = await browser.fetch(location(aborted));
    const callback = new URL(location(resumed));
    expect(callback.searchParams.get('error')).toBe('access_denied');
    expect(callback.searchParams.get('state')).toBe(state);
  });

  it('without prompt=select_account, signs a session in at once, granting new scopes silently', async () => {
    const carol = newBrowser();
    // Only the email scope at first, so the profile scope below is new to the grant.
    const narrow = await startSignIn(carol, { scope: 'openid email' });
    const carolAccount = {
      email: 'carol@example.com',
      name: 'Carol',
      password: 'carol long password',
    };
    await codeAfter(
      carol,
      await carol.post(`${narrow.interactionUrl}/login`, carolAccount),
      narrow.state,
    );

    const same = authorizationRequest({ scope: 'openid email', prompt: undefined });
    const sso = new URL(location(await carol.fetch(same.url)));
    expect(sso.searchParams.get('code')).not.toBeNull();

    const wider = authorizationRequest({ prompt: undefined });
    const consent = await carol.fetch(wider.url);
    expect(new URL(location(consent)).pathname).toMatch(/^\/oidc\/interaction\//);
    const code = await codeAfter(carol, await carol.fetch(location(consent)), wider.state);
    const claims = await verifiedIdTokenClaims((await exchangeCode(code, wider.verifier)).id_token);
    expect(claims).toMatchObject({ email: carolAccount.email, name: carolAccount.name });
  });

  it('refuses an authorization request without PKCE', async () => {
    const { url } = authorizationRequest({
      code_challenge: undefined,
      code_challenge_method: undefined,
    });
    const response = await newBrowser().fetch(url);
    expect(response.status).toBe(303);
    const callback = new URL(location(response));
    expect(callback.searchParams.get('error')).toBe('invalid_request');
    expect(callback.searchParams.get('error_description')).toMatch(/PKCE/);
    expect(callback.searchParams.get('code')).toBeNull();
  });
});

/** The password form an account picked from the chooser gets, or null if it continued. */
function verifyForm(html: string): { sub: string; email: string } | null {
  if (!html.includes("Verify it's you")) return null;
  const sub = /name="sub" value="([^"]+)"/.exec(html)?.[1] ?? '';
  const email = /<input id="email"[^>]*\breadonly\b[^>]*value="([^"]+)"/.exec(html)?.[1] ?? '';
  return { sub, email };
}

/** The email of the shop's signed-in user, or null. */
async function shopUserEmail(browser: Browser): Promise<string | null> {
  const response = await browser.fetch('/api/auth/get-session');
  const session = (await response.json()) as { user?: { email?: string } } | null;
  return session?.user?.email ?? null;
}

/** Follows a finished interaction through the shop's callback to the popup's last page. */
async function throughShopCallback(browser: Browser, finished: Response): Promise<void> {
  expect(finished.status).toBe(303);
  const resumed = await browser.fetch(location(finished));
  const callback = await browser.fetch(location(resumed));
  expect(new URL(location(callback)).pathname).toBe('/auth/popup-done');
  expect(new URL(location(callback)).searchParams.get('error')).toBeNull();
}

/** Clicks "Sign In With Google" in the shop: the popup's start, up to the chooser's URL. */
async function startShopSignIn(browser: Browser): Promise<string> {
  const start = await browser.fetch('/auth/google/start');
  const interactionUrl = location(await browser.fetch(location(start)));
  expect(new URL(interactionUrl).pathname).toMatch(/^\/oidc\/interaction\/[\w-]+$/);
  return interactionUrl;
}

function shopSignOut(browser: Browser): Promise<Response> {
  return browser.fetch('/api/auth/sign-out', {
    method: 'POST',
    headers: { origin, 'content-type': 'application/json' },
    body: '{}',
  });
}

describe('the local provider on a shared computer', () => {
  const DORA = { email: 'dora@example.com', name: 'Dora', password: 'dora long password' };
  const computer = newBrowser();
  let doraSub = '';

  beforeAll(async () => {
    const interactionUrl = await startShopSignIn(computer);
    await throughShopCallback(computer, await computer.post(`${interactionUrl}/login`, DORA));
    expect(await shopUserEmail(computer)).toBe(DORA.email);
    const chooser = await (await computer.fetch(await startShopSignIn(computer))).text();
    doraSub = listedSubs(chooser)[0] ?? '';
    expect(doraSub).not.toBe('');
  });

  it("after the shop's sign-out, a listed account asks for its password instead of continuing", async () => {
    const providerSession = computer.cookie('oidc_session');
    expect(providerSession).toBeDefined();
    const signedOut = await shopSignOut(computer);
    expect(signedOut.status).toBe(200);
    expect(await shopUserEmail(computer)).toBeNull();
    // The provider's session cookie, scoped to /oidc, is expired by the shop's answer.
    expect(signedOut.headers.getSetCookie().join('\n')).toMatch(
      /^oidc_session=;.*Path=\/oidc.*Max-Age=0/m,
    );
    expect(computer.cookieNames()).not.toContain('oidc_session');

    // The next person at the computer sees the account listed, but picking it asks for the
    // password of that account, with the email shown and not editable.
    const interactionUrl = await startShopSignIn(computer);
    const chooser = await (await computer.fetch(interactionUrl)).text();
    expect(listedSubs(chooser)).toEqual([doraSub]);
    expect(chooser).toContain('Signed out');
    const picked = await computer.post(`${interactionUrl}/select`, { sub: doraSub });
    expect(picked.status).toBe(200);
    expect(picked.headers.get('location')).toBeNull();
    expect(verifyForm(await picked.text())).toEqual({ sub: doraSub, email: DORA.email });
    expect(await shopUserEmail(computer)).toBeNull();
  });

  it('ends the provider session on the server too: its old cookie no longer vouches for anyone', async () => {
    const other = newBrowser();
    const interactionUrl = await startShopSignIn(other);
    const eve = { email: 'eve@example.com', name: 'Eve', password: 'eve long password' };
    await throughShopCallback(other, await other.post(`${interactionUrl}/login`, eve));
    const kept = {
      session: other.cookie('oidc_session') ?? '',
      sig: other.cookie('oidc_session.sig') ?? '',
    };
    const eveSub = listedSubs(await (await other.fetch(await startShopSignIn(other))).text())[0];
    expect((await shopSignOut(other)).status).toBe(200);

    // Someone who copied the cookies before the sign-out plays them back.
    other.setCookie('oidc_session', kept.session);
    if (kept.sig) other.setCookie('oidc_session.sig', kept.sig);
    const again = await startShopSignIn(other);
    const picked = await other.post(`${again}/select`, { sub: eveSub ?? '' });
    expect(verifyForm(await picked.text())?.email).toBe(eve.email);
  });

  it('refuses a wrong password, keeping the form, and continues with the right one', async () => {
    const interactionUrl = await startShopSignIn(computer);
    await computer.post(`${interactionUrl}/select`, { sub: doraSub });

    const wrong = await computer.post(`${interactionUrl}/verify`, {
      sub: doraSub,
      password: 'not dora password',
    });
    expect(wrong.status).toBe(401);
    const html = await wrong.text();
    expect(html).toContain('Wrong password.');
    expect(verifyForm(html)).toEqual({ sub: doraSub, email: DORA.email });
    expect(html).not.toContain('not dora password');
    expect(await shopUserEmail(computer)).toBeNull();

    // Another account's password is no better than a wrong one.
    const anns = await computer.post(`${interactionUrl}/verify`, {
      sub: doraSub,
      password: ANN.password,
    });
    expect(anns.status).toBe(401);

    await throughShopCallback(
      computer,
      await computer.post(`${interactionUrl}/verify`, { sub: doraSub, password: DORA.password }),
    );
    expect(await shopUserEmail(computer)).toBe(DORA.email);
  });

  it('a browser that never used the account cannot verify it either', async () => {
    const stranger = newBrowser();
    const interactionUrl = await startShopSignIn(stranger);
    const response = await stranger.post(`${interactionUrl}/verify`, {
      sub: doraSub,
      password: DORA.password,
    });
    expect(response.status).toBe(403);
    expect(response.headers.get('location')).toBeNull();
  });
});
