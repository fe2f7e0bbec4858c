import { afterEach, describe, expect, it } from 'vitest';
import { safeStorage } from './safe-storage.ts';

const securityError = () =>
  new DOMException('The access is denied for this document.', 'SecurityError');

/** A Storage whose chosen methods throw, as a blocked or full store does. */
function failingStorage(failing: Array<'getItem' | 'setItem' | 'removeItem'>): Storage {
  const storage = {
    getItem: () => null,
    setItem: () => undefined,
    removeItem: () => undefined,
  } as unknown as Storage;
  for (const method of failing) {
    Object.assign(storage, {
      [method]: () => {
        throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      },
    });
  }
  return storage;
}

afterEach(() => {
  localStorage.clear();
});

describe('safeStorage', () => {
  it('uses the browser storage while it works', () => {
    const storage = safeStorage(() => localStorage);
    storage.setItem('crwn:cart', '{"cart":"x"}');
    expect(localStorage.getItem('crwn:cart')).toBe('{"cart":"x"}');
    expect(storage.getItem('crwn:cart')).toBe('{"cart":"x"}');
    storage.removeItem('crwn:cart');
    expect(localStorage.getItem('crwn:cart')).toBeNull();
    expect(localStorage.length).toBe(0);
  });

  it('keeps values in memory when reaching the storage throws (storage blocked)', () => {
    const storage = safeStorage(() => {
      throw securityError();
    });
    expect(storage.getItem('crwn:cart')).toBeNull();
    storage.setItem('crwn:cart', 'cart');
    expect(storage.getItem('crwn:cart')).toBe('cart');
    storage.removeItem('crwn:cart');
    expect(storage.getItem('crwn:cart')).toBeNull();
  });

  it('keeps values in memory when every write fails', () => {
    const storage = safeStorage(() => failingStorage(['setItem']));
    storage.setItem('crwn:cart', 'cart');
    expect(storage.getItem('crwn:cart')).toBe('cart');
  });

  it('moves to memory when the storage starts failing later (storage full)', () => {
    let full = false;
    const backing = {
      getItem: (key: string) => localStorage.getItem(key),
      setItem: (key: string, value: string) => {
        if (full) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
        localStorage.setItem(key, value);
      },
      removeItem: (key: string) => localStorage.removeItem(key),
    } as Storage;
    const storage = safeStorage(() => backing);
    storage.setItem('crwn:cart', 'one');
    full = true;
    expect(() => storage.setItem('crwn:cart', 'two')).not.toThrow();
    expect(storage.getItem('crwn:cart')).toBe('two');
  });
});
