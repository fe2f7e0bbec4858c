/**
 * Run by lazy-auth.test.ts as a process of its own, so that what it loads is its own: builds the
 * app from the environment (loadConfig), records every module Node loads, and answers on stdout
 * with one JSON line. `sign-up` makes an account and prints its session cookie; `visit` asks
 * what an anonymous visitor asks, says whether better-auth was loaded by then, and then asks as
 * the shopper of COOKIE.
 */
import { registerHooks } from 'node:module';

const loaded: string[] = [];
registerHooks({
  load(url, context, nextLoad) {
    loaded.push(url);
    return nextLoad(url, context);
  },
});
const betterAuthLoaded = () => loaded.some((url) => url.includes('/node_modules/better-auth/'));

const { buildApp } = await import('#server/app.ts');
const { loadConfig } = await import('#server/config.ts');
const config = loadConfig(process.env);
const app = await buildApp(config);
const host = new URL(config.PUBLIC_URL).host;
const get = async (url: string, cookie?: string) => {
  const response = await app.inject({ url, headers: { host, ...(cookie && { cookie }) } });
  return { status: response.statusCode, body: response.body };
};

if (process.argv[2] === 'sign-up') {
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/sign-up/email',
    headers: { host, origin: config.PUBLIC_URL },
    payload: { name: 'Ada', email: process.env.EMAIL, password: 'correct horse battery' },
  });
  const setCookie = [response.headers['set-cookie'] ?? []].flat();
  const cookie = setCookie.map((line) => line.split(';')[0]).join('; ');
  console.log(JSON.stringify({ status: response.statusCode, cookie }));
} else {
  const anonymous: Record<string, number> = {};
  for (const url of ['/', '/shop/hats', '/favicon.svg', '/api/orders', '/api/payments/widget']) {
    anonymous[url] = (await get(url)).status;
  }
  const loadedWhenAnonymous = betterAuthLoaded();
  const cookie = process.env.COOKIE ?? '';
  // The first request with a session cookie: better-auth is loaded to answer it.
  const orders = await get('/api/orders', cookie);
  const session = await get('/api/auth/get-session', cookie);
  console.log(
    JSON.stringify({
      anonymous,
      loadedWhenAnonymous,
      orders: orders.status,
      session: JSON.parse(session.body) as unknown,
      loadedAfterSession: betterAuthLoaded(),
    }),
  );
}
await app.close();
