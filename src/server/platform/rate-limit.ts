import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ShopDatabase } from './database/database.ts';
import { databaseRateLimitStore } from './rate-limit-store.ts';

/** How many attempts a key may make in a window. */
export interface LimitRule {
  /**
   * Names the limit's counts (`sign-in-ip`), kept apart from every other limit's in a store that
   * several servers share: unique per limit, and the same on every server.
   */
  name: string;
  max: number;
  windowMs: number;
}

/**
 * One limit, keyed by whatever the caller chooses (an IP, an account's email). `hit` records an
 * attempt and returns the seconds to wait when the key is over its limit, otherwise 0.
 */
export interface Limiter {
  hit(request: FastifyRequest, key: string): Promise<number>;
}

export interface RateLimitsOptions {
  /**
   * The shop's database. On PostgreSQL, where several servers may share it, counts are kept in
   * its `rate_limits` table, so a limit holds across them; on SQLite (one machine, one process)
   * they live in this process's memory, which costs no write per attempt (ADR 032).
   */
  database?: Pick<ShopDatabase, 'kind' | 'db'>;
}

/** Live windows kept per limit; far above any real traffic, so no live window is evicted. */
const KEYS_PER_LIMIT = 100_000;

const keyOf = new WeakMap<FastifyRequest, string>();

/**
 * Every limit of the shop goes through @fastify/rate-limit: this registers it once (routes opt
 * in; nothing is limited globally) and returns a factory of keyed limiters.
 */
export async function rateLimits(app: FastifyInstance, { database }: RateLimitsOptions = {}) {
  const store = database?.kind === 'postgres' ? databaseRateLimitStore(database.db) : undefined;
  await app.register(rateLimit, {
    global: false,
    cache: KEYS_PER_LIMIT,
    ...(store ? { store } : {}),
  });

  const names = new Set<string>();
  return function createLimiter({ name, max, windowMs }: LimitRule): Limiter {
    if (names.has(name)) throw new Error(`Two limits named ${name} would share their counts`);
    names.add(name);
    const check = app.createRateLimit({
      max,
      timeWindow: windowMs,
      // The key is the caller's (set just below), so a limit can count by account as well as by IP.
      keyGenerator: (request) => `${name}:${keyOf.get(request) ?? request.ip}`,
    });
    return {
      async hit(request, key) {
        keyOf.set(request, key);
        const result = await check(request);
        return !result.isAllowed && result.isExceeded ? Math.max(1, result.ttlInSeconds) : 0;
      },
    };
  };
}

export type CreateLimiter = Awaited<ReturnType<typeof rateLimits>>;

/** "45 seconds", "1 minute", "15 minutes": a wait as a shopper reads it. */
export function waitInWords(seconds: number): string {
  if (seconds < 60) return seconds === 1 ? '1 second' : `${seconds} seconds`;
  const minutes = Math.ceil(seconds / 60);
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}
