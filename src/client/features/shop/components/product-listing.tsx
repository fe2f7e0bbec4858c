import type { ListQuery, ProductList } from '#shared/catalogue-model.ts';
import { StyleSheet } from '#client/components/ui/style-sheet.tsx';
import { CollectionItem } from './collection-item.tsx';
import { ListingControls } from './listing-controls.tsx';
import { Pagination } from './pagination.tsx';
import collectionGridCss from './collection-grid.css?inline';
import listingCss from './listing.css?inline';

interface ProductListingProps {
  list: ProductList;
  query: ListQuery;
  /** Other parameters of the page's URL that sorting, filters and pages keep (the search's `q`). */
  keep?: Record<string, string>;
  /** Said instead of the grid when nothing is listed. */
  empty: string;
}

const countText = (count: number) => `${count} ${count === 1 ? 'product' : 'products'}`;

/** One page of a collection or a search: sort and filters, how many, the cards and the pages. */
export function ProductListing({ list, query, keep, empty }: ProductListingProps) {
  return (
    <>
      <StyleSheet href="collection-grid" css={collectionGridCss} />
      <StyleSheet href="listing" css={listingCss} />
      <ListingControls query={query} facets={list.facets} keep={keep} />
      <p className="listing__count" role="status">
        {list.total === 0 ? empty : countText(list.total)}
      </p>
      {list.products.length > 0 && (
        <ul className="collection-grid">
          {list.products.map((product, index) => (
            <CollectionItem key={product.id} item={product} priority={index < 4} />
          ))}
        </ul>
      )}
      <Pagination query={query} pageCount={list.pageCount} keep={keep} />
    </>
  );
}
