import { findItem } from '#shared/spec-catalogue.ts';
import type { Db } from '#server/platform/database/transaction.ts';

/**
 * A size each product of the spec's catalogue comes in (hats S-L, sneakers US 6-13, the rest
 * XS-XL), for tests that order without caring which size.
 */
export function sizeFor(id: number): string {
  if (id <= 9) return 'M';
  if (id <= 17) return 'US 9';
  return 'M';
}

/** Gives each line that has no `size` field the size `sizeFor` its item; other values pass. */
export function withSizes<T>(lines: T): T {
  if (!Array.isArray(lines)) return lines;
  return lines.map((line: unknown) =>
    typeof line === 'object' && line !== null && !('size' in line) && 'id' in line
      ? { ...line, size: sizeFor(Number(line.id)) }
      : line,
  ) as T;
}

/** The catalogue's total of `lines`, in cents (the seed keeps the spec's prices). */
export function totalOf(lines: readonly { id: number; quantity: number }[]): number {
  return lines.reduce((sum, line) => sum + (findItem(line.id)?.price ?? 0) * line.quantity, 0);
}

/**
 * Sets the stock of every size of every product, straight in the database: for tests that place
 * many orders and are not about stock. (The catalogue module owns the table; only tests write
 * it directly.)
 */
export async function setAllStock(db: Db, stock: number): Promise<void> {
  await db.updateTable('catalogue_stock').set({ stock }).execute();
}

/** Sets one product size's stock, straight in the database (tests of running out). */
export async function setStock(db: Db, productId: number, size: string, stock: number) {
  await db
    .updateTable('catalogue_stock')
    .set({ stock })
    .where('product_id', '=', productId)
    .where('size', '=', size)
    .execute();
}

/** How many of a product size are left. */
export async function stockOf(db: Db, productId: number, size: string): Promise<number> {
  const row = await db
    .selectFrom('catalogue_stock')
    .select('stock')
    .where('product_id', '=', productId)
    .where('size', '=', size)
    .executeTakeFirstOrThrow();
  return row.stock;
}
