import type { TestApp } from './test-app.ts';

let counter = 0;

/** An email no other test uses. */
export function uniqueEmail(label = 'shopper'): string {
  counter += 1;
  return `${label}-${process.pid}-${counter}@example.com`;
}

export const GOOD_PASSWORD = 'correct horse battery';

/** A shipping (and billing) address as the payment widget sends it. */
export const SHOPPER_ADDRESS = {
  name: 'Ada Lovelace',
  line1: '1 Analytical Way',
  city: 'London',
  zip: 'N1 9GU',
  country: 'GB',
};

/** The cookie header a browser would send after this response. */
export function cookieHeader(setCookie: string | string[] | undefined): string {
  const cookies = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  return cookies.map((cookie) => cookie.split(';')[0]).join('; ');
}

/** Signs a new shopper up through the API; returns their id and session cookie. */
export async function signUp(app: TestApp, name = 'Ada', email = uniqueEmail()) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/sign-up/email',
    payload: { name, email, password: GOOD_PASSWORD },
  });
  if (response.statusCode !== 200) throw new Error(`sign-up failed: ${response.body}`);
  const { user } = response.json<{ user: { id: string } }>();
  return { id: user.id, email, cookie: cookieHeader(response.headers['set-cookie']) };
}

/** A shopper signed up through `app`, with a profile document made as the shop's pages make it. */
export async function signUpWithProfile(app: TestApp, name: string) {
  const shopper = await signUp(app, name);
  await app.inject({
    method: 'PUT',
    url: `/api/users/${shopper.id}`,
    headers: { cookie: shopper.cookie },
    payload: {},
  });
  return shopper;
}
