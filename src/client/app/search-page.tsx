/**
 * The search page (`/search?q=`), served by the collection route's module (routes.ts): the two
 * listings share their components, and code two route chunks share lands in the chunk every page
 * loads at start (vite.config.ts), so one route module keeps it with the listings.
 */
import type { LoaderFunctionArgs } from 'react-router';
import {
  listQueryString,
  parseListQuery,
  type ListQuery,
  type ProductList,
} from '#shared/catalogue-model.ts';
import { AddedToCartStatus } from '#client/features/cart/components/added-to-cart-status.tsx';
import { ProductListing } from '#client/features/shop/components/product-listing.tsx';
import { SHOP_NAME, pageMeta } from '#client/app/page-meta.ts';
import { catalogueOf } from '#client/app/catalogue-context.ts';

/** Longer words are cut here rather than refused: a pasted paragraph still searches. */
const MAX_WORDS_LENGTH = 100;

export interface SearchData {
  q: string;
  query: ListQuery;
  /** Null before anything was searched for. */
  list: ProductList | null;
  /** The page's absolute canonical address: its words and page, not its sort and filters. */
  canonical: string;
}

export async function loadSearch({
  url,
  context,
}: Pick<LoaderFunctionArgs, 'url' | 'context'>): Promise<SearchData> {
  const params = url.searchParams;
  const q = (params.get('q') ?? '').trim().slice(0, MAX_WORDS_LENGTH);
  const query = parseListQuery(params);
  const canonical = new URL(
    url.pathname + listQueryString({ sort: 'featured', page: query.page }, q ? { q } : {}),
    url.origin,
  ).href;
  return { q, query, canonical, list: q ? await catalogueOf(context).search(q, query) : null };
}

export const searchMeta = (page: SearchData | undefined) => [
  ...pageMeta(
    page?.q ? `Search: ${page.q}` : 'Search',
    `Search the hats, sneakers, jackets and clothing of ${SHOP_NAME}.`,
  ),
  // Indexed as collection pages are (ADR 036, 043): a search is reached only through the search
  // box, never by a link, so crawlers meet no endless set of them; sorted and filtered copies
  // name the plain search as their page.
  ...(page ? [{ tagName: 'link', rel: 'canonical', href: page.canonical }] : []),
];

export function SearchPage({ q, query, list }: SearchData) {
  return (
    <div className="search-page">
      <h1 className="collection-page__title">{q ? `Results for “${q}”` : 'Search'}</h1>
      {list ? (
        <ProductListing
          list={list}
          query={query}
          keep={{ q }}
          empty={`No products matched “${q}”. Try another word, or browse the shop.`}
        />
      ) : (
        <p>Type what you are looking for in the search box above.</p>
      )}
      <AddedToCartStatus />
    </div>
  );
}
