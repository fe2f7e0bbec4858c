/**
 * Counts attempts per key (an account's email) in fixed windows, in memory. One machine's
 * memory is enough for the embedded default; a shop on several machines needs a shared store.
 */
export interface AttemptLimiter {
  /** Records an attempt; returns the seconds to wait when over the limit, otherwise 0. */
  hit(key: string, now?: number): number;
}

export function createAttemptLimiter({
  max,
  windowMs,
}: {
  max: number;
  windowMs: number;
}): AttemptLimiter {
  const windows = new Map<string, { start: number; count: number }>();
  return {
    hit(key, now = Date.now()) {
      // Drop expired windows as we go so the map cannot grow without bound.
      if (windows.size > 10_000) {
        for (const [k, w] of windows) if (now - w.start >= windowMs) windows.delete(k);
      }
      const current = windows.get(key);
      if (!current || now - current.start >= windowMs) {
        windows.set(key, { start: now, count: 1 });
        return 0;
      }
      current.count += 1;
      return current.count > max ? Math.ceil((current.start + windowMs - now) / 1000) : 0;
    },
  };
}
