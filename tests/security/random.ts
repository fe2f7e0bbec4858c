/**
 * A small seeded random source (mulberry32), so a failing probe can be replayed: every suite
 * prints its seed, and `SECURITY_SEED=<n>` runs it again with the same draws.
 */
export function seededRandom(seed = Number(process.env.SECURITY_SEED ?? Date.now() % 2 ** 31)) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  return {
    seed,
    next,
    pick<T>(items: readonly T[]): T {
      const item = items[Math.floor(next() * items.length)];
      if (item === undefined) throw new Error('pick from an empty list');
      return item;
    },
  };
}

/** One line of figures in the test output, so each run reports what it tried. */
export function report(suite: string, figures: Record<string, number | string>): void {
  const text = Object.entries(figures)
    .map(([name, value]) => `${name}=${value}`)
    .join(' ');
  console.log(`[security] ${suite}: ${text}`);
}
