/**
 * The catalogue as data (issue 13): what the server's catalogue module keeps in the database and
 * what the pages, the cart and the orders read from it. The spec's starting catalogue
 * (catalogue.ts) is only the seed of the first start; nothing else should read it for prices,
 * names or stock.
 */
// Types only from the schemas: this file is in the storefront's bundle, zod is not.
import type {
  catalogueCollectionSchema,
  offSaleProductSchema,
  productListSchema,
  productSchema,
  productsAnswerSchema,
  sizeStockSchema,
} from './catalogue-api.ts';
import type { z } from './zod.ts';
import type { Cents } from './money.ts';
import { slugify } from './images.ts';

/** How a garment is sized; a product of no kind is one size and needs no choice. */
export type SizeKind = 'hat' | 'shoe' | 'clothing';

/** The sizes of each kind, smallest first (the order size buttons and size guides use). */
export const SIZES_BY_KIND: Readonly<Record<SizeKind, readonly string[]>> = {
  hat: ['S', 'M', 'L'],
  shoe: ['US 6', 'US 7', 'US 8', 'US 9', 'US 10', 'US 11', 'US 12', 'US 13'],
  clothing: ['XS', 'S', 'M', 'L', 'XL'],
};

/** At or below this many left (and above none), a size says "only N left". */
export const LOW_STOCK_THRESHOLD = 3;

/** One size of a product and how many of it the shop has. */
export type SizeStock = z.infer<typeof sizeStockSchema>;

/**
 * A product as the storefront shows it: the spec's item (catalogue.ts), plus what a clothing
 * shop needs: the routeName of its collection (`hats`), one colour word for the colour filter,
 * its size kind (null for one-size products, bought without choosing a size), its sizes in
 * SIZES_BY_KIND order with their stock (one `{ size: '', stock }` when no kind), and when it
 * was added (ISO 8601; "newest" sorts by it).
 */
export type Product = z.infer<typeof productSchema>;

/**
 * A collection with every product on sale in it, in the owner's order; `routeName` (`hats`)
 * makes its page /shop/{routeName}, `imageUrl` is its home tile's picture (images.ts), `size`
 * the tile's size and `tilePosition` its place in the home directory, from 1.
 */
export type CatalogueCollection = z.infer<typeof catalogueCollectionSchema>;

export const SORTS = ['featured', 'price-asc', 'price-desc', 'newest', 'name'] as const;
export type Sort = (typeof SORTS)[number];

/** Sorting, filters and the page of a collection or search listing; it lives in the URL. */
export interface ListQuery {
  sort: Sort;
  /** Only products with this size in stock. */
  size?: string;
  colour?: string;
  minPrice?: Cents;
  maxPrice?: Cents;
  /** 1-based. */
  page: number;
}

/** How many products one page of a listing shows. */
export const PAGE_SIZE = 24;

/** One page of a collection or a search, with the values its products have for the filters. */
export type ProductList = z.infer<typeof productListSchema>;

/** A product taken off sale (archived), as a cart that holds it names it. */
export type OffSaleProduct = z.infer<typeof offSaleProductSchema>;

/** `GET /api/catalogue/products?ids=`: those on sale in the order asked, and those taken off sale. */
export type ProductsAnswer = z.infer<typeof productsAnswerSchema>;

/**
 * What the pages read (server side, through the route loaders' context) and what the JSON API
 * answers with. Implemented over the shop's database by src/server/modules/catalogue.
 */
export interface CatalogueReader {
  /** Rises with every change to the catalogue; pages cached under an older version are stale. */
  version(): Promise<number>;
  /** Every collection in order with every product on sale (the overview shows 4 of each). */
  collections(): Promise<CatalogueCollection[]>;
  collection(
    routeName: string,
    query: ListQuery,
  ): Promise<{ collection: Omit<CatalogueCollection, 'items'>; list: ProductList } | undefined>;
  product(id: number): Promise<Product | undefined>;
  /** Products on sale by id (for pricing a cart); unknown or archived ids are left out. */
  products(ids: readonly number[]): Promise<Product[]>;
  /**
   * Of `ids`, the products the catalogue has but does not sell now (archived), with their names:
   * for a cart to say which of its lines is no longer available. Unknown ids are left out.
   */
  offSale(ids: readonly number[]): Promise<OffSaleProduct[]>;
  search(text: string, query: ListQuery): Promise<ProductList>;
}

/** A product page's address: `/shop/hats/1-brown-brim` (the id decides; the words are for people). */
export function productPath(product: Pick<Product, 'id' | 'name' | 'collection'>): string {
  return `/shop/${product.collection}/${product.id}-${slugify(product.name)}`;
}

/**
 * The page of a product known only by its id (a cart or order line keeps no collection):
 * `/shop/product/1`, which the product route sends on to the product's own address (ADR 036).
 */
export const productPathById = (id: number): string => `/shop/product/${id}`;

/** The product id of a product page's last path segment (`1-brown-brim` -> 1), or undefined. */
export function productIdOfSegment(segment: string): number | undefined {
  const match = /^([1-9][0-9]{0,8})(?:-[a-z0-9-]*)?$/.exec(segment);
  return match ? Number(match[1]) : undefined;
}

const isSort = (value: string | null): value is Sort =>
  value !== null && (SORTS as readonly string[]).includes(value);

/** Whole dollars in the URL (`min=20`), cents in code; anything else is ignored. */
function dollarsParam(value: string | null): Cents | undefined {
  if (value === null || !/^[0-9]{1,6}$/.test(value)) return undefined;
  return Number(value) * 100;
}

/**
 * A listing's query from its URL (`?sort=price-asc&size=M&colour=blue&min=20&max=100&page=2`).
 * Unknown or malformed values fall back to the defaults rather than failing: a hand-edited or
 * old link still shows the listing.
 */
export function parseListQuery(params: { get(name: string): string | null }): ListQuery {
  const sort = params.get('sort');
  const page = params.get('page');
  const size = params.get('size')?.trim();
  const colour = params.get('colour')?.trim().toLowerCase();
  const query: ListQuery = {
    sort: isSort(sort) ? sort : 'featured',
    page: page && /^[1-9][0-9]{0,5}$/.test(page) ? Number(page) : 1,
  };
  if (size && size.length <= 16) query.size = size;
  if (colour && colour.length <= 24) query.colour = colour;
  const minPrice = dollarsParam(params.get('min'));
  const maxPrice = dollarsParam(params.get('max'));
  if (minPrice !== undefined) query.minPrice = minPrice;
  if (maxPrice !== undefined) query.maxPrice = maxPrice;
  return query;
}

/** The URL search string of a listing's query, defaults left out (`''` for the plain listing). */
export function listQueryString(query: ListQuery, extra: Record<string, string> = {}): string {
  const pairs: [string, string][] = Object.entries(extra);
  if (query.sort !== 'featured') pairs.push(['sort', query.sort]);
  if (query.size) pairs.push(['size', query.size]);
  if (query.colour) pairs.push(['colour', query.colour]);
  if (query.minPrice !== undefined) pairs.push(['min', String(Math.floor(query.minPrice / 100))]);
  if (query.maxPrice !== undefined) pairs.push(['max', String(Math.ceil(query.maxPrice / 100))]);
  if (query.page > 1) pairs.push(['page', String(query.page)]);
  // The shared code runs without the DOM's URLSearchParams types; this is its encoding.
  const text = pairs
    .map(
      ([name, value]) =>
        `${encodeURIComponent(name)}=${encodeURIComponent(value).replace(/%20/g, '+')}`,
    )
    .join('&');
  return text ? `?${text}` : '';
}
