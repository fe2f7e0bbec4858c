import { framePath, PAYMENT_HOST, TEST_PAYMENT_URL } from '#server/test/payments.ts';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  inlineScriptHashes,
  inlineStyleHashes,
} from '#server/platform/http/content-security-policy.ts';
import { DOCUMENT_ONLY_HEADERS } from '#server/platform/http/security-headers.ts';
import { FAKE_BUILD, buildTestApp, writeFakeBuild, type TestApp } from '#server/test/test-app.ts';

/** A page with inline scripts as React Router writes them. */
const BOOT = 'window.__reactRouterContext = {"ssr":false};';
const HOME = `<!DOCTYPE html><html><head><script>${BOOT}</script>
<style data-precedence="crwn-base" data-href="crwn-global">body{margin:0}</style></head><body><h1>home</h1>
<script type="module">import "/assets/root-AbCdEf12.js";</script></body></html>`;

/** The hash of a component's CSS, as scripts/build/style-hashes.ts lists it. */
const COMPONENT_STYLE = "'sha256-bGlzdGVkIGJ5IHRoZSBidWlsZA=='";

let app: TestApp;

beforeAll(async () => {
  const clientDir = await writeFakeBuild({
    ...FAKE_BUILD,
    'index.html': HOME,
    '.vite/style-hashes.json': JSON.stringify([COMPONENT_STYLE]),
  });
  app = await buildTestApp({ CLIENT_DIR: clientDir });
});

afterAll(async () => {
  await app.close();
  // The adversarial suite's headers matrix: one line of figures, as the other probes print.
  console.log(
    `[security] headers matrix: kinds of response=${RESPONSES.length} with CSP and nosniff=${RESPONSES.length} unsafe-inline scripts=0`,
  );
});

/** Every kind of response the server gives, as [what, request]. */
const RESPONSES: [string, InjectOptions][] = [
  ['a shop page', { url: '/' }],
  ['another shop page', { url: '/shop/hats' }],
  ['the not-found page', { url: '/no/such/page' }],
  ['a redirect to the canonical page', { url: '/shop/' }],
  ['a content-hashed script', { url: '/assets/root-AbCdEf12.js' }],
  ['an image', { url: '/images/items/brown-brim-320.jpg' }],
  ['robots.txt', { url: '/robots.txt' }],
  ['the sitemap', { url: '/sitemap.xml' }],
  ['an API answer', { url: '/api/auth/get-session' }],
  ['an API 404', { url: '/api/nope' }],
  [
    'an API error',
    {
      method: 'POST',
      url: '/api/orders',
      payload: '{',
      headers: { 'content-type': 'application/json', origin: 'http://localhost:3000' },
    },
  ],
  ['the payment script', { url: '/pay/v1/checkout.js', headers: { host: PAYMENT_HOST } }],
  ['the payment frame', { url: framePath(), headers: { host: PAYMENT_HOST } }],
  ['the Google popup end page', { url: '/auth/popup-done' }],
  ['the Google popup start (a redirect)', { url: '/auth/google/start' }],
  ['the OpenID discovery document', { url: '/oidc/.well-known/openid-configuration' }],
];

/** The directives of a policy, by name. */
function directives(policy: string): Map<string, string[]> {
  return new Map(
    policy.split(';').map((part) => {
      const [name = '', ...values] = part.trim().split(/\s+/);
      return [name, values];
    }),
  );
}

/** Headers that protect whatever the response is: its policy, its type, who may read it. */
const EVERY_RESPONSE = [
  'content-security-policy',
  'x-content-type-options',
  'cross-origin-resource-policy',
  'strict-transport-security',
  'referrer-policy',
];

/** oidc-provider writes its answers itself (pages among them): they keep every header. */
const WRITTEN_BY_THE_PROVIDER = new Set(['the OpenID discovery document']);

describe('every response', () => {
  it.each(RESPONSES)(
    '%s carries a Content-Security-Policy, nosniff and a resource policy; a document the rest',
    async (what, request) => {
      const response = await app.inject(request);
      const policy = response.headers['content-security-policy'];
      expect(typeof policy).toBe('string');
      const parsed = directives(String(policy));
      expect(parsed.get('frame-ancestors'), 'who may frame it').toBeDefined();
      const scripts = parsed.get('script-src') ?? parsed.get('default-src') ?? [];
      expect(scripts).not.toContain("'unsafe-inline'");
      expect(scripts).not.toContain("'unsafe-eval'");
      for (const name of EVERY_RESPONSE) expect(response.headers[name], name).toBeDefined();
      expect(response.headers['x-content-type-options']).toBe('nosniff');

      // A redirect is a step of a navigation: its opener policy counts (the Google popup's).
      const isDocument =
        String(response.headers['content-type']).startsWith('text/html') ||
        (response.statusCode >= 300 && response.statusCode < 400);
      if (isDocument) {
        const permissions = String(response.headers['permissions-policy']);
        expect(permissions).toContain('camera=()');
        expect(permissions).toContain('microphone=()');
        expect(permissions).toContain('geolocation=()');
        expect(response.headers['cross-origin-opener-policy']).toBeDefined();
      } else if (!WRITTEN_BY_THE_PROVIDER.has(what)) {
        // Sent on a script, an image or JSON they do nothing; its CSP already allows nothing.
        const present = DOCUMENT_ONLY_HEADERS.filter((name) => name in response.headers);
        expect(present).toEqual([]);
      }
    },
  );
});

describe('page policies', () => {
  it("allow a shop page's own inline scripts and styles by hash, and nothing framing it", async () => {
    const response = await app.inject({ url: '/' });
    const parsed = directives(String(response.headers['content-security-policy']));
    expect(parsed.get('script-src')).toEqual([
      "'self'",
      `${TEST_PAYMENT_URL}/pay/v1/checkout.js`,
      ...inlineScriptHashes(HOME),
    ]);
    expect(parsed.get('style-src')).toEqual([
      "'self'",
      ...inlineStyleHashes(HOME),
      COMPONENT_STYLE,
    ]);
    expect(parsed.get('frame-ancestors')).toEqual(["'none'"]);
    expect(parsed.get('object-src')).toEqual(["'none'"]);
    expect(parsed.get('frame-src')).toEqual([TEST_PAYMENT_URL]);
  });

  it('allow the popup end page its one script by hash', async () => {
    const response = await app.inject({ url: '/auth/popup-done' });
    const parsed = directives(String(response.headers['content-security-policy']));
    expect(parsed.get('default-src')).toEqual(["'none'"]);
    expect(parsed.get('script-src')).toEqual(inlineScriptHashes(response.body));
    expect(parsed.get('script-src')).toHaveLength(1);
  });

  it('give what is not a page nothing to load', async () => {
    for (const [url, host] of [
      ['/api/nope', undefined],
      ['/pay/v1/checkout.js', PAYMENT_HOST],
      ['/assets/root-AbCdEf12.js', undefined],
    ] as const) {
      const response = await app.inject({ url, headers: host ? { host } : {} });
      expect(response.headers['content-security-policy'], url).toBe(
        "default-src 'none'; frame-ancestors 'none'",
      );
    }
  });
});
