import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  inlineScriptHashes,
  inlineStyleHashes,
  shopPagePolicy,
} from './content-security-policy.ts';

const sha = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

describe('inlineScriptHashes', () => {
  it('hashes the exact text of every script the browser would run, once each', () => {
    const boot = 'window.__reactRouterContext = {"a":"\\u003c/script>"};';
    const page = `<!DOCTYPE html><html><head><script>${boot}</script>
<script type="module" async="">import "/assets/x.js";</script></head>
<body><SCRIPT TYPE="text/javascript">a()</SCRIPT><script>${boot}</script></body></html>`;
    expect(inlineScriptHashes(page)).toEqual([
      sha(boot),
      sha('import "/assets/x.js";'),
      sha('a()'),
    ]);
  });

  it('leaves out scripts loaded by address and data blocks', () => {
    const page = `<script src="/assets/a.js"></script><script async src=/b.js></script>
<script type="application/ld+json">{"@context":"https://schema.org"}</script>`;
    expect(inlineScriptHashes(page)).toEqual([]);
  });
});

describe('inlineStyleHashes', () => {
  it('hashes the text of every style element, as React writes them', () => {
    const page = `<style data-precedence="crwn-base" data-href="crwn-global">a{b:c}</style>
<style data-precedence="crwn-components" data-href="crwn-x crwn-y">.x{}.y{}</style>`;
    expect(inlineStyleHashes(page)).toEqual([sha('a{b:c}'), sha('.x{}.y{}')]);
  });
});

describe('shopPagePolicy', () => {
  it('allows scripts by hash and the widget by origin, never inline scripts or eval', () => {
    const policy = shopPagePolicy({
      scriptHashes: ["'sha256-abc='"],
      styleHashes: ["'sha256-def='"],
      paymentOrigin: 'http://pay.localhost:3000/ignored/path',
      https: false,
    });
    const scriptSrc = policy.split('; ').find((part) => part.startsWith('script-src '));
    expect(scriptSrc).toBe(
      "script-src 'self' http://pay.localhost:3000/pay/v1/checkout.js 'sha256-abc='",
    );
    expect(policy).toContain("style-src 'self' 'sha256-def=';");
    expect(policy).toContain('frame-src http://pay.localhost:3000;');
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).toContain("object-src 'none'");
    expect(policy).not.toContain('upgrade-insecure-requests');
  });

  it('asks for https only when the shop is on https', () => {
    const policy = shopPagePolicy({
      scriptHashes: [],
      styleHashes: [],
      paymentOrigin: 'https://pay.example.com',
      https: true,
    });
    expect(policy).toContain('upgrade-insecure-requests');
  });
});
