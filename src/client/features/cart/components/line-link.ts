import { productPath } from '#shared/catalogue-model.ts';
import type { CartItem } from '#shared/cart.ts';

/**
 * The page of a cart line's product. A line restored from storage knows only the product's id,
 * not its collection, so it links to /product/{id}, which the product route redirects to the
 * product's own address (ADR 036); a line that knows its collection links there directly.
 */
export function lineHref(line: CartItem & { collection?: unknown }): string {
  return typeof line.collection === 'string'
    ? productPath({ id: line.id, name: line.name, collection: line.collection })
    : `/product/${line.id}`;
}
