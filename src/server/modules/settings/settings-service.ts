import { isDeepStrictEqual } from 'node:util';
import type { ShopSettings } from '#shared/shop-settings.ts';
import type { Notifications } from '#server/platform/notifications.ts';
import { inWriteTransaction, type Db } from '#server/platform/database/transaction.ts';
import { createVersionedCopy } from '#server/platform/versioned-copy.ts';
import { settingsRepository, type StoredSettings } from './settings-repository.ts';

export type { StoredSettings } from './settings-repository.ts';
export { SHOP_LOGO_DATA_URL } from './shop-logo.ts';

/** The notification channel every change of the settings is published on (payload: version). */
export const SETTINGS_CHANNEL = 'shop_settings';

export interface SettingsServiceOptions {
  db: Db;
  /** Changes published by any server (this one too) drop the copy at once. */
  notifications?: Notifications;
  /** How long the copy is trusted before the version is read again; default 1 s. */
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
  const copy = createVersionedCopy<StoredSettings>({
    channel: SETTINGS_CHANNEL,
    notifications: options.notifications,
    checkEveryMs: options.checkEveryMs,
    versionOf: (stored) => stored.version,
    read: async (previous) =>
      previous && (await settingsRepository.version(db)) === previous.version
        ? previous
        : settingsRepository.read(db),
  });

  return {
    /** The settings and their version, at most a second old (at once after a published change). */
    current: copy.current,

    /** The settings as they are now. */
    settings: async (): Promise<ShopSettings> => (await copy.current()).settings,

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
        return { commit: true, result: { before, after: next, changed: true, version: saved } };
      });
      if (result.changed) await copy.changed(result.version);
      return result;
    },

    /** Calls `listener` with the new version after each change made on any server; returns the unsubscribe. */
    onChange: copy.onChange,

    close: copy.close,
  };
}

export type SettingsService = ReturnType<typeof createSettingsService>;
