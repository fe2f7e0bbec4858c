import type { CartItem } from '#shared/cart.ts';
import { productPathById } from '#shared/catalogue-model.ts';

/** The page of a cart line's product (a line keeps only the item's own fields, not its collection). */
export const lineHref = (line: Pick<CartItem, 'id'>): string => productPathById(line.id);
