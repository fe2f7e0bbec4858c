import fastifyCookie from '@fastify/cookie';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import {
  createKnownAccountsCookie,
  forgetAccount,
  KNOWN_ACCOUNTS_COOKIE,
  rememberAccount,
} from './known-accounts-cookie.ts';

/**
 * The cookie as the local provider uses it, signed by @fastify/cookie with `keys`: POST /write
 * sets the list in the body, GET /read answers the list the cookie carries.
 */
async function cookieServer(keys: string[], secure = false) {
  const app = Fastify();
  await app.register(fastifyCookie, { secret: keys });
  const cookie = createKnownAccountsCookie({ path: '/oidc', secure });
  app.post<{ Body: string[] }>('/write', (request, reply) =>
    cookie.write(reply, request.body).send(),
  );
  app.get('/read', (request) => cookie.read(request));
  return app;
}

const KEY = 'first-key-0123456789';

async function written(keys: string[], subs: string[], secure = false) {
  const app = await cookieServer(keys, secure);
  const response = await app.inject({ method: 'POST', url: '/write', payload: subs });
  return String(response.headers['set-cookie']);
}

async function readBack(keys: string[], cookie: string) {
  const app = await cookieServer(keys);
  return (await app.inject({ url: '/read', headers: { cookie } })).json<string[]>();
}

/** The name=value part of a Set-Cookie value, as a browser would send it back. */
const sentBack = (setCookie: string) => setCookie.split(';')[0] ?? '';

describe('known accounts cookie', () => {
  it('round-trips the list with HttpOnly, SameSite=Lax and the issuer path', async () => {
    const setCookie = await written([KEY], ['a', 'b']);
    expect(setCookie).toMatch(new RegExp(`^${KNOWN_ACCOUNTS_COOKIE}=[^;]+\\.[^;]+; `));
    expect(setCookie).toMatch(/; Max-Age=\d+/);
    expect(setCookie).toMatch(/; Path=\/oidc/);
    expect(setCookie).toMatch(/; HttpOnly/);
    expect(setCookie).toMatch(/; SameSite=Lax/);
    expect(setCookie).not.toMatch(/Secure/);
    expect(await readBack([KEY], `other=1; ${sentBack(setCookie)}`)).toEqual(['a', 'b']);
  });

  it('adds Secure when asked', async () => {
    expect(await written([KEY], ['a'], true)).toMatch(/; Secure/);
  });

  it('ignores a cookie that was altered or signed with an unknown key', async () => {
    const [, value = ''] = sentBack(await written([KEY], ['a'])).split('=');
    const signature = decodeURIComponent(value).split('.')[1] ?? '';
    const forged = Buffer.from(JSON.stringify(['a', 'someone-else'])).toString('base64url');
    expect(await readBack([KEY], `${KNOWN_ACCOUNTS_COOKIE}=${forged}.${signature}`)).toEqual([]);
    expect(await readBack([KEY], `${KNOWN_ACCOUNTS_COOKIE}=${forged}`)).toEqual([]);
    const signed = sentBack(await written([KEY], ['a']));
    expect(await readBack(['another-key-0123456789'], signed)).toEqual([]);
  });

  it('still reads cookies signed with an older key after rotation', async () => {
    const signed = sentBack(await written([KEY], ['a']));
    expect(await readBack(['new-key-0123456789ab', KEY], signed)).toEqual(['a']);
  });

  it('deletes the cookie when the list is empty', async () => {
    expect(await written([KEY], [])).toMatch(
      new RegExp(`^${KNOWN_ACCOUNTS_COOKIE}=; .*(Max-Age=0|Expires=Thu, 01 Jan 1970)`),
    );
  });

  it('keeps the most recent account first, once', () => {
    expect(rememberAccount(['a', 'b', 'c'], 'b')).toEqual(['b', 'a', 'c']);
    expect(forgetAccount(['a', 'b'], 'a')).toEqual(['b']);
  });
});
