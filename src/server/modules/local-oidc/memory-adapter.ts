import type { Adapter, AdapterPayload } from 'oidc-provider';

interface Entry {
  payload: AdapterPayload;
  /** Epoch milliseconds; Infinity when the model has no expiry. */
  expiresAt: number;
}

/** Expired entries are swept after this many writes, so memory stays bounded without a timer. */
const SWEEP_EVERY_WRITES = 200;

/**
 * oidc-provider's storage for sessions, interactions, grants and tokens, kept in this process.
 * oidc-provider has one built in but warns about it at start-up; this one is ours so the warning
 * goes away while the trade-off stays the same: a restart forgets every session and token (the
 * accounts themselves are in the database), and it only works with a single server process.
 *
 * Returns the factory oidc-provider's `adapter` option takes (one adapter per model name).
 */
export function createMemoryAdapterFactory(): (model: string) => Adapter {
  const entries = new Map<string, Entry>();
  /** grant id -> keys of the tokens issued under it, for revokeByGrantId. */
  const byGrant = new Map<string, Set<string>>();
  /** session uid -> key of the session. */
  const sessionsByUid = new Map<string, string>();
  /** user code -> key of the device code. */
  const byUserCode = new Map<string, string>();
  let writes = 0;

  function read(key: string): AdapterPayload | undefined {
    const entry = entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= Date.now()) {
      remove(key);
      return undefined;
    }
    return entry.payload;
  }

  function remove(key: string): void {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    const { grantId, uid, userCode } = entry.payload;
    if (grantId) byGrant.get(grantId)?.delete(key);
    if (uid && sessionsByUid.get(uid) === key) sessionsByUid.delete(uid);
    if (userCode && byUserCode.get(userCode) === key) byUserCode.delete(userCode);
  }

  function sweep(): void {
    const now = Date.now();
    for (const [key, entry] of entries) if (entry.expiresAt <= now) remove(key);
    for (const [grantId, keys] of byGrant) if (keys.size === 0) byGrant.delete(grantId);
  }

  return (model: string): Adapter => {
    const keyFor = (id: string) => `${model}:${id}`;

    return {
      upsert(id, payload, expiresIn) {
        const key = keyFor(id);
        remove(key);
        const expiresAt = typeof expiresIn === 'number' ? Date.now() + expiresIn * 1000 : Infinity;
        entries.set(key, { payload, expiresAt });
        if (payload.grantId) {
          const keys = byGrant.get(payload.grantId) ?? new Set<string>();
          keys.add(key);
          byGrant.set(payload.grantId, keys);
        }
        if (model === 'Session' && payload.uid) sessionsByUid.set(payload.uid, key);
        if (payload.userCode) byUserCode.set(payload.userCode, key);
        writes += 1;
        if (writes % SWEEP_EVERY_WRITES === 0) sweep();
        return Promise.resolve();
      },
      find(id) {
        return Promise.resolve(read(keyFor(id)));
      },
      findByUid(uid) {
        const key = sessionsByUid.get(uid);
        return Promise.resolve(key === undefined ? undefined : read(key));
      },
      findByUserCode(userCode) {
        const key = byUserCode.get(userCode);
        return Promise.resolve(key === undefined ? undefined : read(key));
      },
      consume(id) {
        const payload = read(keyFor(id));
        if (payload) payload.consumed = Math.floor(Date.now() / 1000);
        return Promise.resolve();
      },
      destroy(id) {
        remove(keyFor(id));
        return Promise.resolve();
      },
      revokeByGrantId(grantId) {
        for (const key of byGrant.get(grantId) ?? []) remove(key);
        byGrant.delete(grantId);
        return Promise.resolve();
      },
    };
  };
}
