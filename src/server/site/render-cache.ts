import { LRUCache } from 'lru-cache';

/**
 * Rendered answers kept in memory, least recently used dropped first, bounded both in number and
 * in bytes: a search page can be asked for with any query, and none of them may grow the cache
 * without limit. Each entry remembers the version (of the catalogue and the shop's settings) it was
 * rendered from.
 */
export class RenderCache<T extends { version: number | string; bytes: number }> {
  readonly #entries: LRUCache<string, T>;

  constructor(limits: { entries: number; bytes: number }) {
    this.#entries = new LRUCache<string, T>({
      max: limits.entries,
      maxSize: limits.bytes,
      // lru-cache wants a positive size; an entry larger than maxSize is never kept.
      sizeCalculation: (entry) => Math.max(1, entry.bytes),
    });
  }

  /** The entry of `key` rendered from `version`, or undefined (a stale one is dropped). */
  get(key: string, version: T['version']): T | undefined {
    const entry = this.#entries.get(key);
    if (entry?.version === version) return entry;
    if (entry) this.#entries.delete(key);
    return undefined;
  }

  set(key: string, entry: T): void {
    this.#entries.set(key, entry);
  }

  clear(): void {
    this.#entries.clear();
  }

  get size(): number {
    return this.#entries.size;
  }
}
