import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CartDocument } from '#shared/carts.ts';
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
      lines: [{ id: 1, quantity: 1, size: 'L' }],
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

describe('the account cart', () => {
  /** Each shopper's own item, which nobody else's cart ever holds; writes add Blue Snapback. */
  const OWN_ITEM: Record<string, { id: number; name: string }> = {
    'Ada Owner': { id: 22, name: 'Tan Trench' },
    'Bea Owner': { id: 3, name: 'Brown Cowboy' },
    'Cy Owner': { id: 13, name: 'Nike White AirForce' },
  };
  const SNAPBACK = 9;
  type CartVerb = 'read cart' | 'replace cart' | 'merge cart';
  const CART_VERBS: CartVerb[] = ['read cart', 'replace cart', 'merge cart'];

  const readCart = (cookie?: string) =>
    app.inject({ url: '/api/cart', headers: cookie ? { cookie } : {} });

  async function cartRequest(verb: CartVerb, actor: Shopper | null) {
    const headers = actor ? { cookie: actor.cookie } : {};
    const own = actor ? (OWN_ITEM[actor.name] ?? { id: SNAPBACK }) : { id: 1 };
    const lines = [
      { id: own.id, quantity: 1 },
      { id: SNAPBACK, quantity: 1 },
    ];
    switch (verb) {
      case 'read cart':
        return readCart(actor?.cookie);
      case 'replace cart': {
        const current = await readCart(actor?.cookie);
        const version = current.statusCode === 200 ? current.json<CartDocument>().version : 0;
        return app.inject({
          method: 'PUT',
          url: '/api/cart',
          headers,
          payload: { version, lines },
        });
      }
      case 'merge cart':
        return app.inject({ method: 'POST', url: '/api/cart/merge', headers, payload: { lines } });
    }
  }

  it("reaches only the session's own cart: the anonymous get 401, nobody sees another's", async () => {
    for (const shopper of shoppers) {
      const own = OWN_ITEM[shopper.name];
      const saved = await app.inject({
        method: 'POST',
        url: '/api/cart/merge',
        headers: { cookie: shopper.cookie },
        payload: { lines: [{ id: own?.id, quantity: 4 }] },
      });
      expect(saved.statusCode).toBe(200);
    }
    const random = seededRandom();
    const leaks: string[] = [];
    let refused = 0;
    for (let round = 0; round < TRIPLES; round += 1) {
      const actor = random.pick<Shopper | null>([null, ...shoppers]);
      const verb = random.pick(CART_VERBS);
      const response = await cartRequest(verb, actor);
      const label = `${actor?.name ?? 'anonymous'} → ${verb}`;
      if (actor === null) {
        expect(response.statusCode, label).toBe(401);
        refused += 1;
        continue;
      }
      expect(response.statusCode, label).toBe(200);
      for (const other of shoppers.filter((shopper) => shopper !== actor)) {
        if (response.body.includes(OWN_ITEM[other.name]?.name ?? '?')) leaks.push(label);
      }
    }
    // Every cart still holds its owner's item and nobody else's.
    for (const shopper of shoppers) {
      const names = (await readCart(shopper.cookie))
        .json<CartDocument>()
        .lines.map((line) => line.name);
      expect(names).toContain(OWN_ITEM[shopper.name]?.name);
      for (const other of shoppers.filter((each) => each !== shopper)) {
        expect(names).not.toContain(OWN_ITEM[other.name]?.name);
      }
    }
    expect(leaks).toEqual([]);
    report('account carts', { seed: random.seed, requests: TRIPLES, refused, leaks: 0 });
  }, 60_000);
});
