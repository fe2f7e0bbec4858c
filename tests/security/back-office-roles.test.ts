import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeOwner } from '#server/modules/accounts/accounts-service.ts';
import { BACK_OFFICE_ROUTES } from '#server/modules/backoffice/backoffice-routes.ts';
import { UNLIMITED } from '#server/test/payments.ts';
import { signUp } from '#server/test/shoppers.ts';
import { buildTestApp, type TestApp } from '#server/test/test-app.ts';
import { report, seededRandom } from './random.ts';

/**
 * Who may use the back office (issue 14): random (role, route, verb) triples over every
 * back-office route. The anonymous get 401, shoppers 403, staff 403 on the owner's routes; a
 * verb a route does not have is not found for anyone. None of the refusals carries data.
 */
const TRIPLES = 300;
const ROLES = ['anonymous', 'shopper', 'staff', 'owner'] as const;
type Role = (typeof ROLES)[number];
const VERBS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

let app: TestApp;
const cookies: Partial<Record<Role, string>> = {};

beforeAll(async () => {
  app = await buildTestApp({ ...UNLIMITED });
  const owner = await signUp(app, 'Owner');
  expect(await makeOwner(app.db, owner.email)).toBe('made');
  const staff = await signUp(app, 'Staff');
  const granted = await app.inject({
    method: 'POST',
    url: '/api/admin/staff',
    headers: { cookie: owner.cookie, 'sec-fetch-site': 'same-origin' },
    payload: { email: staff.email, role: 'staff' },
  });
  expect(granted.statusCode).toBe(200);
  cookies.owner = owner.cookie;
  cookies.staff = staff.cookie;
  cookies.shopper = (await signUp(app, 'Shopper')).cookie;
}, 60_000);

afterAll(() => app.close());

const routeKey = (method: string, url: string) => `${method} ${url}`;
const routed = new Map(
  BACK_OFFICE_ROUTES.map((route) => [routeKey(route.method, route.url), route]),
);
const paths = [...new Set(BACK_OFFICE_ROUTES.map((route) => route.url))];

describe('the back office refuses whoever may not use it', () => {
  it(`answers ${TRIPLES} random (role, route, verb) triples as the role allows`, async () => {
    const random = seededRandom();
    const seen = new Map<string, number>();
    for (let index = 0; index < TRIPLES; index += 1) {
      const role = random.pick(ROLES);
      const path = random.pick(paths);
      // Mostly a verb the route has, sometimes any verb.
      const own = BACK_OFFICE_ROUTES.filter((route) => route.url === path).map(
        (route) => route.method,
      );
      const method = random.next() < 0.75 ? random.pick(own) : random.pick(VERBS);
      const url = path
        .replace(':id', random.pick(['ord_000000000000000000000000', 'nope', '1']))
        .replace(':userId', random.pick(['usr_unknown', 'x']));
      const response = await app.inject({
        method,
        url,
        headers: {
          'sec-fetch-site': 'same-origin',
          ...(cookies[role] ? { cookie: cookies[role] } : {}),
        },
        ...(method === 'GET' || method === 'DELETE' ? {} : { payload: {} }),
      });
      const route = routed.get(routeKey(method, path));
      const label = `${role} ${method} ${url} (seed ${random.seed})`;
      let expected: number | 'allowed';
      if (!route) expected = 404;
      else if (role === 'anonymous') expected = 401;
      else if (role === 'shopper') expected = 403;
      else if (role === 'staff' && route.needs === 'owner') expected = 403;
      else expected = 'allowed';
      if (expected === 'allowed') {
        expect([401, 403], label).not.toContain(response.statusCode);
        expect(response.statusCode, label).toBeLessThan(500);
      } else {
        expect(response.statusCode, label).toBe(expected);
        // A refusal carries no order and no address (a 404 names only the path it was asked).
        if (expected !== 404) expect(response.body, label).not.toMatch(/ord_|@example\.com/);
      }
      const outcome = `${role}:${response.statusCode}`;
      seen.set(outcome, (seen.get(outcome) ?? 0) + 1);
    }
    report('back-office roles', {
      seed: random.seed,
      triples: TRIPLES,
      ...Object.fromEntries(seen),
    });
    // Each role was tried (300 draws of 4 roles).
    for (const role of ROLES)
      expect([...seen.keys()].some((key) => key.startsWith(role))).toBe(true);
  }, 120_000);

  it('refuses a cross-site change even from an owner', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/admin/staff',
      headers: {
        cookie: cookies.owner ?? '',
        'sec-fetch-site': 'cross-site',
        origin: 'https://evil.example',
      },
      payload: { email: 'someone@example.com', role: 'owner' },
    });
    expect(response.statusCode).toBe(403);
  });
});
