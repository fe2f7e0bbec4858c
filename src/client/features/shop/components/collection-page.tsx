import type { Collection } from '#shared/catalogue.ts';
import { CollectionItem } from './collection-item.tsx';
import collectionGridCss from './collection-grid.css?inline';
import { StyleSheet } from '#client/components/ui/style-sheet.tsx';

/** One collection: its title and all its items. */
export function CollectionPage({ collection }: { collection: Collection }) {
  return (
    <div className="collection-page">
      <StyleSheet href="collection-grid" css={collectionGridCss} />
      <h1 className="collection-page__title">{collection.title.toUpperCase()}</h1>
      <ul className="collection-grid">
        {collection.items.map((item, index) => (
          <CollectionItem
            key={item.id}
            item={{ ...item, collection: collection.routeName }}
            priority={index < 4}
          />
        ))}
      </ul>
    </div>
  );
}
