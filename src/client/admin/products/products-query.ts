import {
  PRODUCT_STATES,
  STOCK_FILTERS,
  type ProductState,
  type StockFilter,
} from '#shared/catalogue-admin.ts';
import type { Cents } from '#shared/money.ts';
import { pageOf } from '#client/admin/orders/orders-query.ts';

/** The product list's search and filters, as the URL's query holds them. */
export interface ProductFilters {
  q: string;
  /** A collection's routeName, or '' for every collection. */
  collection: string;
  state: ProductState;
  /** '' for any stock. */
  stock: StockFilter | '';
  page: number;
}

const oneOf = <T extends string>(known: readonly T[], value: string | null, fallback: T): T =>
  known.find((candidate) => candidate === value) ?? fallback;

/** The filters of a query; anything missing or malformed reads as no filter. */
export function productFiltersFromSearch(params: URLSearchParams): ProductFilters {
  return {
    q: (params.get('q') ?? '').trim(),
    collection: (params.get('collection') ?? '').trim(),
    state: oneOf(PRODUCT_STATES, params.get('state'), 'on-sale'),
    stock: oneOf<StockFilter | ''>(STOCK_FILTERS, params.get('stock'), ''),
    page: pageOf(params),
  };
}

/** The query of `filters`, defaults left out: the plain list is `/admin/products`. */
export function productFiltersToSearch(filters: ProductFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.q) params.set('q', filters.q);
  if (filters.collection) params.set('collection', filters.collection);
  if (filters.state !== 'on-sale') params.set('state', filters.state);
  if (filters.stock) params.set('stock', filters.stock);
  if (filters.page > 1) params.set('page', String(filters.page));
  return params;
}

/**
 * Cents of a price typed in dollars (`42`, `42.5`, `42.50`, `$1,250.00`), read as text so no
 * float rounding reaches it; undefined when it is not a price.
 */
export function centsOfDollars(text: string): Cents | undefined {
  const match = /^\$?\s*([0-9]{1,3}(?:,[0-9]{3})+|[0-9]+)(?:\.([0-9]{1,2}))?$/.exec(text.trim());
  if (!match) return undefined;
  const whole = Number((match[1] ?? '').replaceAll(',', ''));
  return whole * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** Cents as a price field shows them: `42.50`, `42` for whole dollars. */
export const dollarsOfCents = (cents: Cents) =>
  cents % 100 === 0
    ? String(cents / 100)
    : `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
