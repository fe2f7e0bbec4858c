import { afterEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_GUARD_SCRIPT } from './storage-guard-script.ts';

const NAMES = ['localStorage', 'sessionStorage'] as const;
const originals = new Map(
  NAMES.map((name) => [name, Object.getOwnPropertyDescriptor(window, name)!]),
);

/** Makes reading `window[name]` throw, as a browser that blocks storage does. */
function block(name: (typeof NAMES)[number]) {
  Object.defineProperty(window, name, {
    configurable: true,
    get() {
      throw new DOMException('The access is denied for this document.', 'SecurityError');
    },
  });
}

/** Runs the inline script as the page would. */
const runGuard = () => {
  // eslint-disable-next-line @typescript-eslint/no-implied-eval -- the script is a string on purpose.
  const script = new Function(STORAGE_GUARD_SCRIPT) as () => void;
  script();
};

afterEach(() => {
  for (const [name, descriptor] of originals) Object.defineProperty(window, name, descriptor);
});

describe('the storage guard in <head>', () => {
  it('puts a working storage in memory in place of each one that throws', () => {
    block('localStorage');
    block('sessionStorage');
    expect(() => window.sessionStorage).toThrow();

    runGuard();

    for (const name of NAMES) {
      const storage = window[name];
      expect(storage.getItem('scroll')).toBeNull();
      storage.setItem('scroll', '120');
      expect(storage.getItem('scroll')).toBe('120');
      expect(storage.length).toBe(1);
      storage.removeItem('scroll');
      expect(storage.getItem('scroll')).toBeNull();
    }
  });

  it('leaves a storage that works alone', () => {
    const real = window.localStorage;
    const spy = vi.spyOn(console, 'error');
    block('sessionStorage');
    runGuard();
    expect(window.localStorage).toBe(real);
    expect(window.sessionStorage).not.toBe(real);
    expect(spy).not.toHaveBeenCalled();
  });

  it('reads no storage itself: each is tried on its first use (the first read waits on the browser)', () => {
    const reads = { localStorage: 0, sessionStorage: 0 };
    for (const name of NAMES) {
      const real = originals.get(name)!.get!;
      Object.defineProperty(window, name, {
        configurable: true,
        get() {
          reads[name] += 1;
          return real.call(window) as Storage;
        },
      });
    }
    runGuard();
    expect(reads).toEqual({ localStorage: 0, sessionStorage: 0 });

    window.localStorage.setItem('cart', '1');
    expect(window.localStorage.getItem('cart')).toBe('1');
    expect(reads).toEqual({ localStorage: 1, sessionStorage: 0 });
    window.localStorage.removeItem('cart');
  });
});
