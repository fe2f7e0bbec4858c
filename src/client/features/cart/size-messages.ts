import type { CartItem } from '#shared/cart.ts';
import type { OrderErrorBody } from '#shared/orders.ts';
import { describeUnavailable } from '#shared/unavailable-lines.ts';

/** `A`, `A and B`, `A, B and C`. */
const listOf = (names: readonly string[]) =>
  names.length < 2 ? names.join('') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;

/** What Pay Now says while lines still need a size: `Choose a size for Brown Brim.` */
export const sizesNeededMessage = (missing: readonly CartItem[]): string =>
  `Choose a size for ${listOf(missing.map((line) => line.name))}.`;

/** The lines a 409 `out_of_stock` names, as the shopper reads them; undefined for any other body. */
export function unavailableMessage(body: unknown): string | undefined {
  const { code, unavailable } = (body ?? {}) as OrderErrorBody;
  if (code !== 'OUT_OF_STOCK' || !unavailable?.length) return undefined;
  return `No longer available as in your cart: ${unavailable.map(describeUnavailable).join('; ')}. Nothing was charged. Change or remove ${unavailable.length === 1 ? 'that line' : 'those lines'} and pay again; the rest of your cart is unchanged.`;
}
