import type { ListQuery, ProductList } from '#shared/catalogue-model.ts';
import { ProductListing } from './product-listing.tsx';

interface CollectionPageProps {
  title: string;
  /** The page of the collection's products that `query` asks for. */
  list: ProductList;
  query: ListQuery;
}

/** One collection: its title and its items (all of them, up to a page), sorted and filtered. */
export function CollectionPage({ title, list, query }: CollectionPageProps) {
  return (
    <div className="collection-page">
      <h1 className="collection-page__title">{title.toUpperCase()}</h1>
      <ProductListing
        list={list}
        query={query}
        empty={
          // A new collection has nothing yet: no filter is to blame (issue 14).
          [query.size, query.colour, query.minPrice, query.maxPrice].some(
            (filter) => filter !== undefined,
          )
            ? 'No products of this collection match these filters.'
            : 'Nothing in this collection yet. Come back soon.'
        }
      />
    </div>
  );
}
