import { findItem } from '#shared/spec-catalogue.ts';
import {
  SIZES_BY_KIND,
  type Product,
  type ProductList,
  type SizeKind,
} from '#shared/catalogue-model.ts';

/**
 * A product of the spec's catalogue as the database catalogue serves it, for component tests:
 * `stock` gives each size's stock in SIZES_BY_KIND order (or the one size's, for no kind).
 */
export function testProduct(
  id: number,
  {
    collection = 'hats',
    sizeKind = 'hat',
    stock = [5, 2, 0],
    colour = 'brown',
  }: { collection?: string; sizeKind?: SizeKind | null; stock?: number[]; colour?: string } = {},
): Product {
  const item = findItem(id);
  if (!item) throw new Error(`No item ${id} in the catalogue`);
  const sizes = sizeKind
    ? SIZES_BY_KIND[sizeKind].map((size, index) => ({ size, stock: stock[index] ?? 10 }))
    : [{ size: '', stock: stock[0] ?? 10 }];
  return {
    ...item,
    collection,
    description: `The ${item.name}, made to last.`,
    colour,
    sizeKind,
    sizes,
    createdAt: '2026-01-01T00:00:00.000Z',
  };
}

/** A one-page listing of these products, its facets taken from them. */
export function testList(products: Product[]): ProductList {
  const prices = products.map((product) => product.price);
  return {
    products,
    total: products.length,
    page: 1,
    pageCount: 1,
    facets: {
      sizes: [...new Set(products.flatMap((product) => product.sizes.map((entry) => entry.size)))],
      colours: [...new Set(products.map((product) => product.colour))].sort(),
      minPrice: Math.min(...prices),
      maxPrice: Math.max(...prices),
    },
  };
}
