import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreateOrderResponse } from '#shared/orders.ts';
import { newToken, UNLIMITED } from '#server/test/payments.ts';
import { signUp } from '#server/test/shoppers.ts';
import { buildTestApp, type TestApp } from '#server/test/test-app.ts';
import { report, seededRandom } from './random.ts';

/**
 * Cross-user access: random (actor, target, verb) triples over every resource that belongs to a
 * shopper. Only the owner may read or change it; everyone else gets 401 (anonymous), 403 (another
 * shopper) or 404 (a guest order without its receipt), and never sees the owner's data.
 */
const TRIPLES = 200;

interface Shopper {
  id: string;
  email: string;
  cookie: string;
  name: string;
  orderId: string;
}

let app: TestApp;
const shoppers: Shopper[] = [];
let guestOrder: { id: string; receipt: string };

async function placeOrder(cookie: string | undefined, key: string) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/orders',
    headers: cookie ? { cookie } : {},
    payload: {
      token: await newToken(app),
      idempotencyKey: key,
      lines: [{ id: 1, quantity: 1 }],
      approvedTotal: 2500,
      email: 'someone@example.com',
    },
  });
  expect(response.statusCode).toBe(201);
  return response.json<CreateOrderResponse>();
}

beforeAll(async () => {
  app = await buildTestApp(UNLIMITED);
  for (const name of ['Ada', 'Bea', 'Cy']) {
    const shopper = await signUp(app, `${name} Owner`);
    await app.inject({
      method: 'PUT',
      url: `/api/users/${shopper.id}`,
      headers: { cookie: shopper.cookie },
      payload: {},
    });
    const { order } = await placeOrder(shopper.cookie, `idor-${name}-${shopper.id}`);
    shoppers.push({ ...shopper, name: `${name} Owner`, orderId: order.id });
  }
  const guest = await placeOrder(undefined, `idor-guest-${Date.now()}`);
  guestOrder = { id: guest.order.id, receipt: guest.receipt ?? '' };
});

afterAll(() => app.close());

type Verb = 'read profile' | 'rename profile' | 'create profile' | 'read order';
const VERBS: Verb[] = ['read profile', 'rename profile', 'create profile', 'read order'];

function request(verb: Verb, target: Shopper, cookie: string | undefined, newName = 'Taken over') {
  const headers = cookie ? { cookie } : {};
  switch (verb) {
    case 'read profile':
      return app.inject({ url: `/api/users/${target.id}`, headers });
    case 'rename profile':
      return app.inject({
        method: 'PATCH',
        url: `/api/users/${target.id}`,
        headers,
        payload: { displayName: newName },
      });
    case 'create profile':
      return app.inject({ method: 'PUT', url: `/api/users/${target.id}`, headers, payload: {} });
    case 'read order':
      return app.inject({ url: `/api/orders/${target.orderId}`, headers });
  }
}

describe('cross-user access', () => {
  it(`refuses every one of ${TRIPLES} random (actor, target, verb) triples but the owner's`, async () => {
    const random = seededRandom();
    let allowed = 0;
    let refused = 0;
    const leaks: string[] = [];
    for (let round = 0; round < TRIPLES; round += 1) {
      const actor = random.pick<Shopper | null>([null, ...shoppers]);
      const target = random.pick(shoppers);
      const verb = random.pick(VERBS);
      // An owner's own rename keeps the name, so the check below sees only others' attempts.
      const response = await request(
        verb,
        target,
        actor?.cookie,
        actor === target ? target.name : undefined,
      );
      const label = `${actor?.name ?? 'anonymous'} → ${verb} of ${target.name}`;
      if (actor === target) {
        expect(response.statusCode, label).toBeLessThan(300);
        allowed += 1;
        continue;
      }
      refused += 1;
      expect(response.statusCode, label).toBe(actor === null ? 401 : 403);
      if (response.body.includes(target.email) || response.body.includes(target.name)) {
        leaks.push(label);
      }
    }
    // Nobody's rename went through: every profile still has its owner's name.
    for (const shopper of shoppers) {
      const own = await request('read profile', shopper, shopper.cookie);
      expect(own.json()).toMatchObject({ displayName: shopper.name });
    }
    expect(leaks).toEqual([]);
    report('cross-user access', {
      seed: random.seed,
      triples: TRIPLES,
      allowed,
      refused,
      leaks: 0,
    });
  }, 60_000);

  it("shows a guest's order only with its receipt", async () => {
    const url = `/api/orders/${guestOrder.id}`;
    for (const cookie of [undefined, ...shoppers.map((shopper) => shopper.cookie)]) {
      const headers = cookie ? { cookie } : {};
      expect((await app.inject({ url, headers })).statusCode).toBe(404);
      expect(
        (await app.inject({ url: `${url}?receipt=${'A'.repeat(43)}`, headers })).statusCode,
      ).toBe(404);
      expect(
        (await app.inject({ url: `${url}?receipt=${guestOrder.receipt}`, headers })).statusCode,
      ).toBe(200);
    }
  });
});
