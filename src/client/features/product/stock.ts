import { LOW_STOCK_THRESHOLD, type SizeStock } from '#shared/catalogue-model.ts';

/** What a shopper is told about one size: it can be bought, few are left, or none. */
export type Availability = 'in-stock' | 'low' | 'sold-out';

export function availabilityOf({ stock }: Pick<SizeStock, 'stock'>): Availability {
  if (stock <= 0) return 'sold-out';
  return stock <= LOW_STOCK_THRESHOLD ? 'low' : 'in-stock';
}

/** A one-size product is stored with one size named `''` (catalogue-model.ts). */
export const isOneSize = (sizes: readonly SizeStock[]): boolean =>
  sizes.length === 1 && sizes[0]?.size === '';
