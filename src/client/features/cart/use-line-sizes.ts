import { useEffect, useSyncExternalStore } from 'react';
import type { CartItem } from '#shared/cart.ts';
import type { Product, SizeStock } from '#shared/catalogue-model.ts';
import { apiRequest } from '#client/lib/api-client.ts';

/** What the cart needs to know of a product to ask for a size: null when it is one size. */
export type ProductSizes = readonly SizeStock[] | null;

const CATALOGUE_PRODUCTS = '/api/catalogue/products';

/** Sizes of the products asked for so far; a product missing from an answer is not on sale. */
const known = new Map<number, ProductSizes>();
/** The request under way for each product asked for and not known yet. */
const asking = new Map<number, Promise<void>>();
const listeners = new Set<() => void>();
let revision = 0;

const changed = () => {
  revision += 1;
  for (const listener of listeners) listener();
};

function productsOf(answer: unknown): Product[] {
  if (Array.isArray(answer)) return answer as Product[];
  const products = (answer as { products?: unknown } | null)?.products;
  return Array.isArray(products) ? (products as Product[]) : [];
}

/**
 * Asks the catalogue for the sizes of `ids` not known yet, in one request, and resolves once
 * every one of them is known (also those another caller's request is already asking for: Pay
 * Now pressed while the checkout's choosers are still loading waits for their answer). Only
 * lines without a size need this, so a cart whose lines all have one (or an empty cart) never
 * asks. A failed request is asked again on the next call.
 */
export async function loadProductSizes(ids: readonly number[]): Promise<void> {
  const unknown = [...new Set(ids)].filter((id) => !known.has(id));
  const wanted = unknown.filter((id) => !asking.has(id));
  const underWay = unknown.flatMap((id) => asking.get(id) ?? []);
  if (wanted.length > 0) {
    const request = askFor(wanted);
    for (const id of wanted) asking.set(id, request);
    underWay.push(request);
  }
  await Promise.all(underWay);
}

async function askFor(wanted: readonly number[]): Promise<void> {
  try {
    const answer = await apiRequest<unknown>(`${CATALOGUE_PRODUCTS}?ids=${wanted.join(',')}`);
    for (const id of wanted) known.set(id, null);
    for (const product of productsOf(answer)) {
      known.set(product.id, product.sizeKind === null ? null : product.sizes);
    }
  } finally {
    for (const id of wanted) asking.delete(id);
    changed();
  }
}

/** The sizes of a product as known now: undefined while unknown, null for a one-size product. */
export const productSizes = (id: number): ProductSizes | undefined => known.get(id);

/** Forgets what is known of stock, so the next look asks again (after an order found it changed). */
export function forgetProductSizes(): void {
  known.clear();
  changed();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export interface LineSizes {
  /** The sizes of a line's product: undefined while unknown, null for a one-size product. */
  sizesOf: (id: number) => ProductSizes | undefined;
  /** Lines that need a size before the cart can be paid for, in the cart's order. */
  missing: CartItem[];
  /** True while a line without a size waits for its product's sizes. */
  loading: boolean;
}

/**
 * The sizes of the products of `lines` without a size (issue 13): the garments added from a
 * listing, which ask for their size in the dropdown and at checkout before Pay Now goes on.
 */
export function useLineSizes(lines: readonly CartItem[]): LineSizes {
  useSyncExternalStore(
    subscribe,
    () => revision,
    () => 0,
  );
  const unsized = lines.filter((line) => !line.size);
  const key = unsized.map((line) => line.id).join(',');
  useEffect(() => {
    if (key) void loadProductSizes(key.split(',').map(Number)).catch(() => undefined);
  }, [key]);
  return {
    sizesOf: productSizes,
    missing: unsized.filter((line) => known.get(line.id)),
    loading: unsized.some((line) => !known.has(line.id)),
  };
}
