import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ShopDatabase } from '#server/platform/database/database.ts';
import { openMigratedTestDatabase } from '#server/test/test-database.ts';
import { createLimitCounter } from './rate-limit-store.ts';

const MINUTE = 60_000;

let database: ShopDatabase;
let clock: number;
const now = () => clock;

beforeEach(async () => {
  database = await openMigratedTestDatabase();
  clock = Date.UTC(2026, 10, 23, 12);
});
afterEach(() => database.close());

const keysStored = async () =>
  (await database.db.selectFrom('rate_limits').select('key').orderBy('key').execute()).map(
    (row) => row.key,
  );

describe('the rate-limit counter in the database', () => {
  it('counts each key on its own, saying how long its window has left', async () => {
    const count = createLimitCounter(database.db, { now });
    expect(await count('sign-in-ip:10.0.0.1', MINUTE)).toEqual({ current: 1, ttl: MINUTE });
    clock += 20_000;
    expect(await count('sign-in-ip:10.0.0.1', MINUTE)).toEqual({ current: 2, ttl: 40_000 });
    expect(await count('sign-in-ip:10.0.0.2', MINUTE)).toEqual({ current: 1, ttl: MINUTE });
    expect(await count('sign-in-account:ann@example.com', 15 * MINUTE)).toEqual({
      current: 1,
      ttl: 15 * MINUTE,
    });
    clock += 39_999;
    expect(await count('sign-in-ip:10.0.0.1', MINUTE)).toEqual({ current: 3, ttl: 1 });
  });

  it('starts a new window once the last one has ended', async () => {
    const count = createLimitCounter(database.db, { now });
    for (let attempt = 0; attempt < 5; attempt += 1) await count('k', MINUTE);
    clock += MINUTE;
    expect(await count('k', MINUTE)).toEqual({ current: 1, ttl: MINUTE });
    clock += 30_000;
    expect(await count('k', MINUTE)).toEqual({ current: 2, ttl: 30_000 });
  });

  it('counts every one of many attempts made at once, none lost or doubled', async () => {
    const count = createLimitCounter(database.db, { now });
    const results = await Promise.all(Array.from({ length: 20 }, () => count('burst', MINUTE)));
    expect(results.map((result) => result.current).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 20 }, (_, index) => index + 1),
    );
  });

  it('deletes ended windows now and then, on an attempt, and keeps live ones', async () => {
    const count = createLimitCounter(database.db, { now, sweepEveryMs: 10 * MINUTE });
    await count('old', MINUTE);
    await count('long', 60 * MINUTE);
    clock += 2 * MINUTE;
    await count('recent', MINUTE);
    // The last sweep was this counter's first attempt: not yet time for another.
    expect(await keysStored()).toEqual(['long', 'old', 'recent']);
    clock += 10 * MINUTE;
    await count('new', MINUTE);
    expect(await keysStored()).toEqual(['long', 'new']);
  });

  it('is shared by every counter on the database, as by servers sharing it', async () => {
    const first = createLimitCounter(database.db, { now });
    const second = createLimitCounter(database.db, { now });
    await first('shared', MINUTE);
    expect((await second('shared', MINUTE)).current).toBe(2);
    expect((await first('shared', MINUTE)).current).toBe(3);
  });
});
