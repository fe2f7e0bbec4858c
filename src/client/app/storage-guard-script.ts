/**
 * An inline script for the page's <head>, before anything that reads storage. When the browser
 * blocks storage (privacy settings, "block all cookies"), reading `window.localStorage` or
 * `window.sessionStorage` throws a SecurityError, and code we do not own reads them directly:
 * React Router's scroll-restoration script throws uncaught on every page (issue 9). This puts a
 * storage in memory in place of each one that throws, so the page works and forgets on leaving.
 * The app's own persistence does not rely on it (lib/safe-storage.ts).
 */
export const STORAGE_GUARD_SCRIPT = `(() => {
  for (const name of ['localStorage', 'sessionStorage']) {
    try {
      window[name].getItem('crwn:storage-probe');
      continue;
    } catch {}
    const items = new Map();
    const storage = {
      get length() { return items.size; },
      key: (index) => [...items.keys()][index] ?? null,
      getItem: (key) => (items.has(String(key)) ? items.get(String(key)) : null),
      setItem: (key, value) => { items.set(String(key), String(value)); },
      removeItem: (key) => { items.delete(String(key)); },
      clear: () => items.clear(),
    };
    try {
      Object.defineProperty(window, name, { configurable: true, enumerable: true, get: () => storage });
    } catch {}
  }
})();`;
