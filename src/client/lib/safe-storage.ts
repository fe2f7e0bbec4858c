/**
 * Web storage that never throws. Privacy settings that block storage make even reading
 * `window.localStorage` throw a SecurityError, and a full or read-only store throws on every
 * write; the shop must still open, with a cart that lives as long as the page (issue 9).
 */
export interface SyncStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** A Map behind the Storage methods the shop uses. */
function memoryStorage(): SyncStorage {
  const items = new Map<string, string>();
  return {
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
    removeItem: (key) => void items.delete(key),
  };
}

/**
 * `open()` returns the browser's storage (it may throw, or be missing outside a browser); the
 * result uses it while it works and memory from the first failure on, so a value written is
 * always read back within the page. Nothing is touched until the first call, so a module can
 * build one while the prerender runs in Node.
 */
export function safeStorage(open: () => Storage | undefined): SyncStorage {
  const memory = memoryStorage();
  let backing: SyncStorage | undefined;
  const current = (): SyncStorage => {
    if (backing) return backing;
    try {
      const storage = open();
      if (!storage) throw new Error('no storage here');
      // Some browsers hand out a storage whose every write fails (Safari's old private mode).
      const probe = 'crwn:storage-probe';
      storage.setItem(probe, probe);
      storage.removeItem(probe);
      backing = storage;
    } catch {
      backing = memory;
    }
    return backing;
  };
  const fallBack = () => {
    backing = memory;
    return memory;
  };
  return {
    getItem(key) {
      try {
        return current().getItem(key);
      } catch {
        return fallBack().getItem(key);
      }
    },
    setItem(key, value) {
      try {
        current().setItem(key, value);
      } catch {
        fallBack().setItem(key, value);
      }
    },
    removeItem(key) {
      try {
        current().removeItem(key);
      } catch {
        fallBack().removeItem(key);
      }
    },
  };
}

/** The page's localStorage, or memory when the browser refuses it. */
export const safeLocalStorage = safeStorage(() =>
  typeof window === 'undefined' ? undefined : window.localStorage,
);
