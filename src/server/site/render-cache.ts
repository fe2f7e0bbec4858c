/**
 * Rendered answers kept in memory, least recently used dropped first, bounded both in number and
 * in bytes: a search page can be asked for with any query, and none of them may grow the cache
 * without limit. Each entry remembers the version (of the catalogue and the shop's settings) it was
 * rendered from.
 */
export class RenderCache<T extends { version: number | string; bytes: number }> {
  readonly #entries = new Map<string, T>();
  #bytes = 0;

  readonly #limits: { entries: number; bytes: number };

  constructor(limits: { entries: number; bytes: number }) {
    this.#limits = limits;
  }

  /** The entry of `key` rendered from `version`, or undefined (a stale one is dropped). */
  get(key: string, version: T['version']): T | undefined {
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    this.#entries.delete(key);
    if (entry.version !== version) {
      this.#bytes -= entry.bytes;
      return undefined;
    }
    // Map keeps insertion order: re-inserting makes it the most recently used.
    this.#entries.set(key, entry);
    return entry;
  }

  set(key: string, entry: T): void {
    const old = this.#entries.get(key);
    if (old) {
      this.#entries.delete(key);
      this.#bytes -= old.bytes;
    }
    if (entry.bytes > this.#limits.bytes) return;
    this.#entries.set(key, entry);
    this.#bytes += entry.bytes;
    for (const [oldest, value] of this.#entries) {
      if (this.#entries.size <= this.#limits.entries && this.#bytes <= this.#limits.bytes) break;
      this.#entries.delete(oldest);
      this.#bytes -= value.bytes;
    }
  }

  clear(): void {
    this.#entries.clear();
    this.#bytes = 0;
  }

  get size(): number {
    return this.#entries.size;
  }
}
