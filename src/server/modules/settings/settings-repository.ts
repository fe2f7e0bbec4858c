import { DEFAULT_SHOP_SETTINGS, type ShopSettings } from '#shared/shop-settings.ts';
import type { Db } from '#server/platform/database/transaction.ts';

/** The settings and the version they were saved at (0: never saved, the defaults). */
export interface StoredSettings {
  version: number;
  settings: ShopSettings;
}

const ROW_ID = 1;

const addressOf = (json: string): string[] => {
  const lines: unknown = JSON.parse(json);
  return Array.isArray(lines) ? lines.map(String) : [];
};

/** The `shop_settings` table (migration 019): the only code that touches it. */
export const settingsRepository = {
  async read(db: Db): Promise<StoredSettings> {
    const row = await db
      .selectFrom('shop_settings')
      .selectAll()
      .where('id', '=', ROW_ID)
      .executeTakeFirst();
    if (!row) return { version: 0, settings: { ...DEFAULT_SHOP_SETTINGS } };
    return {
      version: row.version,
      settings: {
        name: row.name,
        email: row.email,
        phone: row.phone,
        hours: row.hours,
        address: addressOf(row.address),
        contactText: row.contact_text,
      },
    };
  },

  async version(db: Db): Promise<number> {
    const row = await db
      .selectFrom('shop_settings')
      .select('version')
      .where('id', '=', ROW_ID)
      .executeTakeFirst();
    return row?.version ?? 0;
  },

  /** Saves `settings` as the next version (the first save makes the row); returns that version. */
  async write(db: Db, settings: ShopSettings, now: string): Promise<number> {
    const values = {
      name: settings.name,
      email: settings.email,
      phone: settings.phone,
      hours: settings.hours,
      address: JSON.stringify(settings.address),
      contact_text: settings.contactText,
      updated_at: now,
    };
    const row = await db
      .insertInto('shop_settings')
      .values({ id: ROW_ID, version: 1, ...values })
      .onConflict((conflict) =>
        conflict
          .column('id')
          .doUpdateSet((eb) => ({ ...values, version: eb('shop_settings.version', '+', 1) })),
      )
      .returning('version')
      .executeTakeFirstOrThrow();
    return row.version;
  },
};
