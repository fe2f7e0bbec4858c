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
        empty="No products of this collection match these filters."
      />
    </div>
  );
}
