import rateLimit, { type FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/** How many attempts a key may make in a window. */
export interface LimitRule {
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
   * A store shared by several servers (see @fastify/rate-limit's `store` option); without it,
   * counts live in this process's memory, which is right for one machine.
   */
  store?: FastifyRateLimitStoreCtor;
}

/** Live windows kept per limit; far above any real traffic, so no live window is evicted. */
const KEYS_PER_LIMIT = 100_000;

const keyOf = new WeakMap<FastifyRequest, string>();

/**
 * Every limit of the shop goes through @fastify/rate-limit: this registers it once (routes opt
 * in; nothing is limited globally) and returns a factory of keyed limiters.
 */
export async function rateLimits(app: FastifyInstance, { store }: RateLimitsOptions = {}) {
  await app.register(rateLimit, {
    global: false,
    cache: KEYS_PER_LIMIT,
    ...(store ? { store } : {}),
  });

  return function createLimiter({ max, windowMs }: LimitRule): Limiter {
    const check = app.createRateLimit({
      max,
      timeWindow: windowMs,
      // The key is the caller's (set just below), so a limit can count by account as well as by IP.
      keyGenerator: (request) => keyOf.get(request) ?? request.ip,
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
