import { Link } from 'react-router';
import { PREVIEW_ITEM_COUNT, type ShopCollection } from '#client/features/shop/shop-slice.ts';
import { CollectionItem } from './collection-item.tsx';
import collectionGridCss from './collection-grid.css?inline';
import { StyleSheet } from '#client/components/ui/style-sheet.tsx';

/** A collection on the shop overview: its title, linking to its page, and its first four items. */
export function CollectionPreview({
  collection,
  first,
}: {
  collection: ShopCollection;
  first: boolean;
}) {
  return (
    <section className="collection-preview" aria-labelledby={`preview-${collection.routeName}`}>
      <StyleSheet href="collection-grid" css={collectionGridCss} />
      <h2 className="collection-preview__title" id={`preview-${collection.routeName}`}>
        <Link to={`/shop/${collection.routeName}`}>{collection.title.toUpperCase()}</Link>
      </h2>
      <ul className="collection-grid">
        {collection.items.slice(0, PREVIEW_ITEM_COUNT).map((item) => (
          <CollectionItem
            key={item.id}
            item={{ ...item, collection: collection.routeName }}
            priority={first}
          />
        ))}
      </ul>
    </section>
  );
}
