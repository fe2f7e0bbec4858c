import { describe, expect, it } from 'vitest';
import {
  createKnownAccountsCookie,
  forgetAccount,
  rememberAccount,
} from './known-accounts-cookie.ts';

const options = { keys: ['first-key-0123456789'], path: '/oidc', secure: false };

/** The name=value part of a Set-Cookie value, as a browser would send it back. */
function sentBack(setCookie: string): string {
  return setCookie.split(';')[0] ?? '';
}

describe('known accounts cookie', () => {
  it('round-trips the list with HttpOnly, SameSite=Lax and the issuer path', () => {
    const cookie = createKnownAccountsCookie(options);
    const setCookie = cookie.serialize(['a', 'b']);
    expect(setCookie).toMatch(
      /^oidc_known_accounts=[\w-]+\.[\w-]+; Path=\/oidc; Max-Age=\d+; HttpOnly; SameSite=Lax$/,
    );
    expect(cookie.read(`other=1; ${sentBack(setCookie)}`)).toEqual(['a', 'b']);
  });

  it('adds Secure when asked', () => {
    expect(createKnownAccountsCookie({ ...options, secure: true }).serialize(['a'])).toMatch(
      /; Secure$/,
    );
  });

  it('ignores a cookie that was altered or signed with an unknown key', () => {
    const cookie = createKnownAccountsCookie(options);
    const [payload = '', signature = ''] =
      sentBack(cookie.serialize(['a']))
        .split('=')[1]
        ?.split('.') ?? [];
    const forgedPayload = Buffer.from(JSON.stringify(['a', 'someone-else'])).toString('base64url');
    expect(cookie.read(`oidc_known_accounts=${forgedPayload}.${signature}`)).toEqual([]);
    expect(cookie.read(`oidc_known_accounts=${payload}`)).toEqual([]);
    const otherKey = createKnownAccountsCookie({ ...options, keys: ['another-key-0123456789'] });
    expect(otherKey.read(sentBack(cookie.serialize(['a'])))).toEqual([]);
  });

  it('still reads cookies signed with an older key after rotation', () => {
    const old = createKnownAccountsCookie(options);
    const rotated = createKnownAccountsCookie({
      ...options,
      keys: ['new-key-0123456789ab', ...options.keys],
    });
    expect(rotated.read(sentBack(old.serialize(['a'])))).toEqual(['a']);
  });

  it('deletes the cookie when the list is empty', () => {
    expect(createKnownAccountsCookie(options).serialize([])).toMatch(
      /^oidc_known_accounts=; .*Max-Age=0/,
    );
  });

  it('refuses missing or short keys', () => {
    expect(() => createKnownAccountsCookie({ ...options, keys: [] })).toThrow(/cookieKeys/);
    expect(() => createKnownAccountsCookie({ ...options, keys: ['short'] })).toThrow(/cookieKeys/);
  });

  it('keeps the most recent account first, once', () => {
    expect(rememberAccount(['a', 'b', 'c'], 'b')).toEqual(['b', 'a', 'c']);
    expect(forgetAccount(['a', 'b'], 'a')).toEqual(['b']);
  });
});
