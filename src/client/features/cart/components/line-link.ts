import type { CartItem } from '#shared/cart.ts';

/**
 * The page of a cart line's product. A line keeps only the item's own fields (not its
 * collection), so it links to /shop/product/{id}, which the product route redirects to the product's
 * own address (ADR 036).
 */
export const lineHref = (line: Pick<CartItem, 'id'>): string => `/shop/product/${line.id}`;
