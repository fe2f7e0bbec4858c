import { EventEmitter } from 'node:events';
import { isDeepStrictEqual } from 'node:util';
import type { ShopSettings } from '#shared/shop-settings.ts';
import type { Notifications } from '#server/platform/notifications.ts';
import { inWriteTransaction, type Db } from '#server/platform/database/transaction.ts';
import { settingsRepository, type StoredSettings } from './settings-repository.ts';

export type { StoredSettings } from './settings-repository.ts';
export { SHOP_LOGO_DATA_URL } from './shop-logo.ts';

/** The notification channel every change of the settings is published on (payload: version). */
export const SETTINGS_CHANNEL = 'shop_settings';

/** How long a server trusts its copy before asking the database for the version again. */
const DEFAULT_CHECK_EVERY_MS = 1000;

export interface SettingsServiceOptions {
  db: Db;
  /** Changes published by any server (this one too) drop the copy at once. */
  notifications?: Notifications;
  /**
   * The copy is trusted this long before the version is read again: the bound on staleness when
   * a notification is missed (a change made on SQLite by another process). Default 1 s.
   */
  checkEveryMs?: number;
}

/** What an update did: the settings before and after, and whether anything changed. */
export interface SettingsUpdate {
  before: ShopSettings;
  after: ShopSettings;
  changed: boolean;
  version: number;
}

/**
 * The shop's settings (ADR 048), read through a copy in memory as the catalogue is (ADR 034):
 * every page and email asks for them, so each server keeps the last read and reads the version
 * again at most once a second, and at once when any server publishes a change. Listeners of
 * `onChange` (the page caches) hear of each new version once, however it was learnt.
 */
export function createSettingsService(options: SettingsServiceOptions) {
  const { db } = options;
  const checkEveryMs = options.checkEveryMs ?? DEFAULT_CHECK_EVERY_MS;
  const changes = new EventEmitter().setMaxListeners(0);
  let loaded: { value: StoredSettings; checkedAt: number } | undefined;
  let loading: Promise<StoredSettings> | undefined;
  // Raised whenever the copy is dropped, so a read begun before does not put an old copy back.
  let generation = 0;
  let announced = 0;

  const announce = (version: number) => {
    if (version <= announced) return;
    announced = version;
    changes.emit('change', version);
  };
  const stale = () => {
    generation += 1;
    if (loaded) loaded.checkedAt = -Infinity;
    loading = undefined;
  };

  const unsubscribes = options.notifications
    ? [
        options.notifications.subscribe(SETTINGS_CHANNEL, (payload) => {
          stale();
          announce(Number(payload) || 0);
        }),
        // Notifications sent while the connection was down are lost: check again.
        options.notifications.onResume(stale),
      ]
    : [];

  const refresh = async (previous: StoredSettings | undefined): Promise<StoredSettings> => {
    if (previous && (await settingsRepository.version(db)) === previous.version) return previous;
    return settingsRepository.read(db);
  };

  const current = (): Promise<StoredSettings> => {
    if (loaded && Date.now() - loaded.checkedAt < checkEveryMs) {
      return Promise.resolve(loaded.value);
    }
    if (loading) return loading;
    const started = generation;
    const previous = loaded?.value;
    const read = refresh(previous).then((value) => {
      if (started === generation) {
        loaded = { value, checkedAt: Date.now() };
        // A change nobody announced (another process on SQLite) is told now.
        if (previous) announce(value.version);
        else announced = Math.max(announced, value.version);
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
    /** The settings and their version, at most a second old (at once after a published change). */
    current,

    /** The settings as they are now. */
    settings: async (): Promise<ShopSettings> => (await current()).settings,

    /**
     * Saves `next` (already validated) as the shop's settings and tells every server. Saving
     * what is already saved writes nothing and tells nobody (`changed` false).
     */
    async update(next: ShopSettings): Promise<SettingsUpdate> {
      const result = await inWriteTransaction(db, ['shop-settings'], async (connection) => {
        const { settings: before, version } = await settingsRepository.read(connection);
        if (isDeepStrictEqual(before, next)) {
          return { commit: false, result: { before, after: before, changed: false, version } };
        }
        const saved = await settingsRepository.write(connection, next, new Date().toISOString());
        return {
          commit: true,
          result: { before, after: next, changed: true, version: saved },
        };
      });
      if (result.changed) {
        stale();
        await options.notifications?.publish(SETTINGS_CHANNEL, String(result.version));
        // This server's pages go at once, whether or not its own notification came back yet.
        announce(result.version);
      }
      return result;
    },

    /** Calls `listener` with the new version after each change made on any server; returns the unsubscribe. */
    onChange(listener: (version: number) => void): () => void {
      changes.on('change', listener);
      return () => changes.off('change', listener);
    },

    close() {
      for (const unsubscribe of unsubscribes) unsubscribe();
      changes.removeAllListeners();
    },
  };
}

export type SettingsService = ReturnType<typeof createSettingsService>;
