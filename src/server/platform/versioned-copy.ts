import { EventEmitter } from 'node:events';
import type { Notifications } from './notifications.ts';

export interface VersionedCopyOptions<T> {
  /** The version a value was read at; it rises with every change. */
  versionOf: (value: T) => number;
  /**
   * Reads the value as it is now. Given the copy held, it may return that same copy when its
   * version is still the database's (or build the next one from it).
   */
  read: (previous: T | undefined) => Promise<T>;
  /** Where every server publishes the version of each change (payload: the version). */
  notifications?: Notifications | undefined;
  channel: string;
  /**
   * The copy is trusted this long before it is read again: the bound on staleness when a
   * notification is missed (a change made on SQLite by another process). Default 1 s.
   */
  checkEveryMs?: number | undefined;
}

/**
 * A copy in memory of something every server reads often and changes seldom (the catalogue,
 * ADR 034; the shop's settings, ADR 048): read again at
 * most every `checkEveryMs`, and at once when any server publishes a change on `channel`.
 * Listeners of `onChange` hear of each new version once, however it was learnt. A read begun
 * before a change never puts its older copy back.
 */
export function createVersionedCopy<T>(options: VersionedCopyOptions<T>) {
  const { versionOf } = options;
  const checkEveryMs = options.checkEveryMs ?? 1000;
  const changes = new EventEmitter().setMaxListeners(0);
  let loaded: { value: T; checkedAt: number } | undefined;
  let loading: Promise<T> | undefined;
  // Raised whenever the copy is dropped, so a read begun before does not put an old copy back.
  let generation = 0;
  // The newest version listeners were told of.
  let announced = 0;

  const announce = (version: number) => {
    if (version <= announced) return;
    announced = version;
    changes.emit('change', version);
  };
  /** The copy is to be checked before its next use; a read under way is not to be trusted. */
  const stale = () => {
    generation += 1;
    if (loaded) loaded.checkedAt = -Infinity;
    loading = undefined;
  };

  const unsubscribes = options.notifications
    ? [
        options.notifications.subscribe(options.channel, (payload) => {
          stale();
          announce(Number(payload) || 0);
        }),
        // Notifications sent while the connection was down are lost: check again.
        options.notifications.onResume(stale),
      ]
    : [];

  const current = (): Promise<T> => {
    if (loaded && Date.now() - loaded.checkedAt < checkEveryMs) {
      return Promise.resolve(loaded.value);
    }
    if (loading) return loading;
    const started = generation;
    const previous = loaded?.value;
    const read = options.read(previous).then((value) => {
      if (started === generation) {
        loaded = { value, checkedAt: Date.now() };
        // A change nobody announced (another process on SQLite) is told now.
        if (previous) announce(versionOf(value));
        else announced = Math.max(announced, versionOf(value));
      }
      return value;
    });
    loading = read;
    const clear = () => {
      if (loading === read) loading = undefined;
    };
    read.then(clear, clear);
    return read;
  };

  return {
    current,
    /** After this server saved `version`: every server reads again, and this one tells at once. */
    changed: async (version: number): Promise<void> => {
      stale();
      await options.notifications?.publish(options.channel, String(version));
      announce(version);
    },
    /** Calls `listener` with each new version, from any server; returns the unsubscribe. */
    onChange: (listener: (version: number) => void): (() => void) => {
      changes.on('change', listener);
      return () => changes.off('change', listener);
    },
    close: () => {
      for (const unsubscribe of unsubscribes) unsubscribe();
      changes.removeAllListeners();
    },
  };
}
