/**
 * The back office's products and collections (issue 14; ADR 045): what /api/admin/products and
 * /api/admin/collections answer, for the server's routes and the /admin screens alike.
 */
import type { SizeKind, SizeStock } from './catalogue-model.ts';
import type { Cents } from './money.ts';

/** A product as the back office sees it: every field it edits, archived or not. */
export interface AdminProduct extends ProductFields {
  id: number;
  archived: boolean;
  createdAt: string;
}

/** Which products the list shows: on sale (the default), archived, or both. */
export const PRODUCT_STATES = ['on-sale', 'archived', 'all'] as const;
export type ProductState = (typeof PRODUCT_STATES)[number];

/** Stock filters: every size sold out, or some size at or under LOW_STOCK_THRESHOLD. */
export const STOCK_FILTERS = ['sold-out', 'low'] as const;
export type StockFilter = (typeof STOCK_FILTERS)[number];

export interface AdminProductList {
  products: AdminProduct[];
  total: number;
  page: number;
  pageSize: number;
}

/** What a product is made from or changed to (POST, and every field of PATCH). */
export interface ProductFields {
  name: string;
  description: string;
  price: Cents;
  collection: string;
  imageUrl: string;
  colour: string;
  sizeKind: SizeKind | null;
  /**
   * Stock of sizes of the kind. Written, a size left out has none; read, every size of the kind
   * in SIZES_BY_KIND order ('' alone for one size).
   */
  sizes: SizeStock[];
}

/** A collection as the back office sees it, with how many of its products are on sale. */
export interface AdminCollection {
  id: number;
  title: string;
  routeName: string;
  imageUrl: string;
  size: 'large' | null;
  /** The shop overview's order, from 1. */
  position: number;
  /** The home directory's order, from 1. */
  tilePosition: number;
  products: number;
}

export interface CollectionFields {
  title: string;
  routeName: string;
  imageUrl: string;
  size: 'large' | null;
}

/** Lower-case letters, digits and single hyphens: the collection's address `/shop/{routeName}`. */
export const ROUTE_NAME = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** Most characters of a collection's address. */
export const ROUTE_NAME_MAX = 40;

/**
 * Addresses under /shop that are not collections (ADR 036: `/shop/product/{id}` finds a product
 * by id), so no collection may take them.
 */
export const RESERVED_ROUTE_NAMES: readonly string[] = ['product'];
