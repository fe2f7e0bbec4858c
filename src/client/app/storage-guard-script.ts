/**
 * An inline script for the page's <head>, before anything that reads storage. See
 * docs/decisions/065.
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
