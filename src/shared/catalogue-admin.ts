/**
 * The back office's products and collections (issue 14; ADR 045): what /api/admin/products and
 * /api/admin/collections answer, for the server's routes and the /admin screens alike.
 */
// Types only from the schemas: the /admin screens import this file, and zod stays out of them.
import type {
  adminCollectionSchema,
  adminProductListSchema,
  adminProductSchema,
  collectionFieldsSchema,
  productFieldsSchema,
} from './back-office-api.ts';
import type { z } from './zod.ts';

/** A product as the back office sees it: every field it edits, archived or not. */
export type AdminProduct = z.infer<typeof adminProductSchema>;

/** Which products the list shows: on sale (the default), archived, or both. */
export const PRODUCT_STATES = ['on-sale', 'archived', 'all'] as const;
export type ProductState = (typeof PRODUCT_STATES)[number];

/** Stock filters: every size sold out, or some size at or under LOW_STOCK_THRESHOLD. */
export const STOCK_FILTERS = ['sold-out', 'low'] as const;
export type StockFilter = (typeof STOCK_FILTERS)[number];

export type AdminProductList = z.infer<typeof adminProductListSchema>;

/** What a product is made from or changed to (POST, and every field of PATCH). */
export type ProductFields = z.infer<typeof productFieldsSchema>;

/** A collection as the back office sees it, with how many of its products are on sale. */
export type AdminCollection = z.infer<typeof adminCollectionSchema>;

export type CollectionFields = z.infer<typeof collectionFieldsSchema>;

/** Lower-case letters, digits and single hyphens: the collection's address `/shop/{routeName}`. */
export const ROUTE_NAME = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** Most characters of a collection's address. */
export const ROUTE_NAME_MAX = 40;

/**
 * Addresses under /shop that are not collections (ADR 036: `/shop/product/{id}` finds a product
 * by id), so no collection may take them.
 */
export const RESERVED_ROUTE_NAMES: readonly string[] = ['product'];
