import Fastify from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ShopDatabase } from '#server/platform/database/database.ts';
import { openMigratedTestDatabase } from '#server/test/test-database.ts';
import { rateLimits } from './rate-limit.ts';

let database: ShopDatabase;
beforeEach(async () => {
  database = await openMigratedTestDatabase();
});
afterEach(() => database.close());

describe('named limits', () => {
  it('count apart, even for the same key in a store that every limit shares', async () => {
    const app = Fastify();
    const createLimiter = await rateLimits(app, { database });
    const signIns = createLimiter({ name: 'sign-ins', max: 1, windowMs: 60_000 });
    const cartWrites = createLimiter({ name: 'cart-writes', max: 1, windowMs: 60_000 });
    app.get('/hit/:limit', async (request) => {
      const { limit } = request.params as { limit: string };
      return { wait: await (limit === 'sign-ins' ? signIns : cartWrites).hit(request, 'ann') };
    });
    const wait = async (limit: string) =>
      (await app.inject({ url: `/hit/${limit}` })).json<{ wait: number }>().wait;

    expect(await wait('sign-ins')).toBe(0);
    expect(await wait('cart-writes')).toBe(0);
    // Over the limit: the seconds left of the minute.
    expect(await wait('sign-ins')).toBeGreaterThan(0);
    expect(await wait('cart-writes')).toBeGreaterThan(0);
    await app.close();
  });

  it('refuse a name given twice, which would mix two limits', async () => {
    const app = Fastify();
    const createLimiter = await rateLimits(app, { database });
    createLimiter({ name: 'sign-ins', max: 1, windowMs: 60_000 });
    expect(() => createLimiter({ name: 'sign-ins', max: 5, windowMs: 1_000 })).toThrow(
      /Two limits named sign-ins/,
    );
    await app.close();
  });
});
