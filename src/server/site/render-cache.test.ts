import { describe, expect, it } from 'vitest';
import { RenderCache } from './render-cache.ts';

const entry = (version: number, bytes = 10) => ({ version, bytes });

describe('RenderCache', () => {
  it('gives back an entry only for the version it was rendered from', () => {
    const cache = new RenderCache({ entries: 10, bytes: 1000 });
    cache.set('/shop', entry(1));
    expect(cache.get('/shop', 1)).toEqual(entry(1));
    expect(cache.get('/shop', 2)).toBeUndefined();
    // The stale entry is gone, not kept for the old version.
    expect(cache.get('/shop', 1)).toBeUndefined();
  });

  it('drops the least recently used entry beyond its number of entries', () => {
    const cache = new RenderCache({ entries: 2, bytes: 1000 });
    cache.set('/a', entry(1));
    cache.set('/b', entry(1));
    cache.get('/a', 1);
    cache.set('/c', entry(1));
    expect(cache.get('/b', 1)).toBeUndefined();
    expect(cache.get('/a', 1)).toBeDefined();
    expect(cache.get('/c', 1)).toBeDefined();
  });

  it('stays within its bytes, and never keeps an entry larger than all of them', () => {
    const cache = new RenderCache({ entries: 100, bytes: 25 });
    cache.set('/a', entry(1, 10));
    cache.set('/b', entry(1, 10));
    cache.set('/c', entry(1, 10));
    expect(cache.size).toBe(2);
    expect(cache.get('/a', 1)).toBeUndefined();
    cache.set('/huge', entry(1, 26));
    expect(cache.get('/huge', 1)).toBeUndefined();
    expect(cache.size).toBe(2);
  });
});
