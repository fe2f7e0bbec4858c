import { lineRef, restoreCartLines, type CartLineRef } from '#shared/cart.ts';
import type { Db } from '#server/platform/database/transaction.ts';

/** A cart as stored: its lines (references: product, size, quantity) and its version. */
export interface StoredCart {
  lines: CartLineRef[];
  version: number;
}

/**
 * Stored lines back to refs, as a restored cart's: a cart stored before lines had sizes reads as
 * lines without one. Whether each product is still on sale is the catalogue's to say (the
 * service asks it when the cart is shown).
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
