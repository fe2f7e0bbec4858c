import { useAppSelector } from '#client/app/hooks.ts';
import { selectCollectionsForPreview } from '#client/features/shop/shop-slice.ts';
import { CollectionPreview } from './collection-preview.tsx';
import collectionsOverviewCss from './collections-overview.css?inline';
import { StyleSheet } from '#client/components/ui/style-sheet.tsx';

/** The shop page: every collection, previewed. */
export function CollectionsOverview() {
  const collections = useAppSelector(selectCollectionsForPreview);
  return (
    <div className="collections-overview">
      <StyleSheet href="collections-overview" css={collectionsOverviewCss} />
      <h1 className="visually-hidden">Shop</h1>
      {collections.map((collection, index) => (
        <CollectionPreview key={collection.id} collection={collection} first={index === 0} />
      ))}
    </div>
  );
}
