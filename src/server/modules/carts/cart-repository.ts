import type { CartLineRef } from '#shared/carts.ts';
import { lineRef, restoreCartLines } from '#shared/cart.ts';
import type { Db } from '#server/platform/database/transaction.ts';

/** A cart as stored: its lines (items still on sale only) and its version. */
export interface StoredCart {
  lines: CartLineRef[];
  version: number;
}

/**
 * Stored lines back to refs. Items taken off sale since are dropped, like a restored cart's; a
 * cart stored before lines had sizes reads as lines without one.
 */
function parseLines(json: string): CartLineRef[] {
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return [];
  }
  return restoreCartLines(value).map(lineRef);
}

/**
 * The carts table: the only code that touches it. Every function takes the Kysely instance to
 * use, so a read and the write that depends on it share one transaction.
 */
export const cartRepository = {
  async find(db: Db, userId: string): Promise<StoredCart | undefined> {
    const row = await db
      .selectFrom('carts')
      .select(['lines', 'version'])
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return row && { lines: parseLines(row.lines), version: row.version };
  },

  /** Writes the account's whole cart as `version` (the first write inserts the row). */
  async save(db: Db, userId: string, lines: readonly CartLineRef[], version: number) {
    const values = {
      lines: JSON.stringify(lines.map(lineRef)),
      version,
      updated_at: new Date().toISOString(),
    };
    await db
      .insertInto('carts')
      .values({ user_id: userId, ...values })
      .onConflict((conflict) => conflict.column('user_id').doUpdateSet(values))
      .execute();
  },

  async remove(db: Db, userId: string): Promise<void> {
    await db.deleteFrom('carts').where('user_id', '=', userId).execute();
  },
};
