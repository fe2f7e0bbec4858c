import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { sql, type Kysely } from 'kysely';
import type { Database } from './database/schema.ts';

/** One attempt counted: attempts so far in the key's window, and milliseconds until it ends. */
export interface LimitCount {
  current: number;
  ttl: number;
}

export interface LimitCounterOptions {
  /** The clock, in epoch milliseconds (tests move it). */
  now?: () => number;
  /** Expired rows are deleted by the first attempt after this long since the last sweep. */
  sweepEveryMs?: number;
}

const MINUTE_MS = 60_000;

/**
 * Counts attempts per key in the `rate_limits` table, in fixed windows that start at a key's first
 * attempt (as @fastify/rate-limit's own memory store does). One statement inserts the key or
 * raises its count, starting a new window when the last one has ended, and returns the result:
 * atomic on SQLite and PostgreSQL alike, so servers sharing the database count together.
 *
 * Each server deletes expired rows now and then, on an attempt (no timer, no row per key left
 * behind). Windows are measured by each server's clock: servers behind one address must keep
 * their clocks in step (NTP), as they must for sessions anyway.
 */
export function createLimitCounter(
  db: Kysely<Database>,
  { now = Date.now, sweepEveryMs = MINUTE_MS }: LimitCounterOptions = {},
) {
  let sweptAt = -Infinity;

  return async function count(key: string, windowMs: number): Promise<LimitCount> {
    const at = now();
    if (at - sweptAt >= sweepEveryMs) {
      sweptAt = at;
      await db.deleteFrom('rate_limits').where('resets_at', '<=', at).execute();
    }
    const ended = sql<boolean>`rate_limits.resets_at <= ${at}`;
    const row = await db
      .insertInto('rate_limits')
      .values({ key, count: 1, resets_at: at + windowMs })
      .onConflict((conflict) =>
        conflict.column('key').doUpdateSet({
          count: sql<number>`case when ${ended} then 1 else rate_limits.count + 1 end`,
          resets_at: sql<number>`case when ${ended} then ${at + windowMs} else rate_limits.resets_at end`,
        }),
      )
      .returning(['count', 'resets_at'])
      .executeTakeFirstOrThrow();
    return { current: row.count, ttl: row.resets_at - at };
  };
}

/**
 * @fastify/rate-limit's `store` over the shop's database (createLimitCounter), for servers that
 * share one. Every limiter gets this same store: keys carry the limit's name (rate-limit.ts).
 */
export function databaseRateLimitStore(
  db: Kysely<Database>,
  options: LimitCounterOptions = {},
): FastifyRateLimitStoreCtor {
  const count = createLimitCounter(db, options);
  return class DatabaseRateLimitStore implements FastifyRateLimitStore {
    incr(
      key: string,
      callback: (error: Error | null, result?: LimitCount) => void,
      timeWindow: number,
    ): void {
      count(key, timeWindow).then(
        (result) => callback(null, result),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    }

    child(): FastifyRateLimitStore {
      return this;
    }
  };
}
