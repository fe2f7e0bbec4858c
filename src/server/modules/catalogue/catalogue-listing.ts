import {
  PAGE_SIZE,
  SIZES_BY_KIND,
  type ListQuery,
  type Product,
  type ProductList,
  type Sort,
} from '#shared/catalogue-model.ts';

/** Every named size in the order size buttons show them (hats, shoes, then clothing). */
const SIZE_ORDER = new Map(
  [...new Set(Object.values(SIZES_BY_KIND).flat())].map((size, index) => [size, index]),
);

const sizeRank = (size: string) => SIZE_ORDER.get(size) ?? SIZE_ORDER.size;

const byName = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

/** Sorts a copy; equal products keep the listing's own (featured) order. */
function sorted(products: readonly Product[], sort: Sort): readonly Product[] {
  switch (sort) {
    case 'featured':
      return products;
    case 'price-asc':
      return [...products].sort((a, b) => a.price - b.price);
    case 'price-desc':
      return [...products].sort((a, b) => b.price - a.price);
    case 'newest':
      return [...products].sort((a, b) =>
        a.createdAt === b.createdAt ? b.id - a.id : a.createdAt < b.createdAt ? 1 : -1,
      );
    case 'name':
      return [...products].sort((a, b) => byName.compare(a.name, b.name));
  }
}

const matches = (product: Product, query: ListQuery) =>
  (query.size === undefined ||
    product.sizes.some((entry) => entry.size === query.size && entry.stock > 0)) &&
  (query.colour === undefined || product.colour === query.colour) &&
  (query.minPrice === undefined || product.price >= query.minPrice) &&
  (query.maxPrice === undefined || product.price <= query.maxPrice);

/** What the filter controls can offer: taken from the whole listing, before its filters. */
function facetsOf(products: readonly Product[]): ProductList['facets'] {
  const sizes = new Set<string>();
  const colours = new Set<string>();
  let minPrice = Infinity;
  let maxPrice = 0;
  for (const product of products) {
    for (const { size, stock } of product.sizes) if (size && stock > 0) sizes.add(size);
    colours.add(product.colour);
    minPrice = Math.min(minPrice, product.price);
    maxPrice = Math.max(maxPrice, product.price);
  }
  return {
    sizes: [...sizes].sort((a, b) => sizeRank(a) - sizeRank(b) || a.localeCompare(b)),
    colours: [...colours].sort(),
    minPrice: products.length ? minPrice : 0,
    maxPrice,
  };
}

/**
 * One page of `products` (a collection in the owner's order, or search results by relevance)
 * under `query`'s filters and sort. A page past the last is empty, with the real page count, so
 * the caller can tell it apart from an empty listing.
 */
export function listProducts(products: readonly Product[], query: ListQuery): ProductList {
  const filtered = products.filter((product) => matches(product, query));
  const ordered = sorted(filtered, query.sort);
  const start = (query.page - 1) * PAGE_SIZE;
  return {
    products: ordered.slice(start, start + PAGE_SIZE),
    total: filtered.length,
    page: query.page,
    pageCount: Math.max(1, Math.ceil(filtered.length / PAGE_SIZE)),
    facets: facetsOf(products),
  };
}
