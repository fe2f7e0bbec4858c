/**
 * An inline script for the page's <head>, before anything that reads storage. When the browser
 * blocks storage (privacy settings, "block all cookies"), reading `window.localStorage` or
 * `window.sessionStorage` throws a SecurityError, and code we do not own reads them directly:
 * React Router's scroll-restoration script throws uncaught on every page (issue 9). This puts a
 * storage in memory in place of each one that throws, so the page works and forgets on leaving.
 * It tries each storage on first use, not here: the first read of a storage waits on the browser
 * process, and in the parser it held back the first paint (docs/decisions/065).
 * The app's own persistence does not rely on it (lib/safe-storage.ts).
 */
export const STORAGE_GUARD_SCRIPT = `(() => {
  const inMemory = () => {
    const items = new Map();
    return {
      get length() { return items.size; },
      key: (index) => [...items.keys()][index] ?? null,
      getItem: (key) => (items.has(String(key)) ? items.get(String(key)) : null),
      setItem: (key, value) => { items.set(String(key), String(value)); },
      removeItem: (key) => { items.delete(String(key)); },
      clear: () => items.clear(),
    };
  };
  for (const name of ['localStorage', 'sessionStorage']) {
    let owner = window;
    while (owner && !Object.getOwnPropertyDescriptor(owner, name)) owner = Object.getPrototypeOf(owner);
    const real = owner && Object.getOwnPropertyDescriptor(owner, name).get;
    if (!real) continue;
    let storage;
    try {
      Object.defineProperty(window, name, {
        configurable: true,
        enumerable: true,
        get: () => {
          if (!storage) {
            try {
              storage = real.call(window);
              storage.getItem('crwn:storage-probe');
            } catch {
              storage = inMemory();
            }
          }
          return storage;
        },
      });
    } catch {}
  }
})();`;
