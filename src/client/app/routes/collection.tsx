import { useParams } from 'react-router';
import { COLLECTIONS, isCollectionId } from '#shared/catalogue.ts';
import { CollectionPage } from '../../features/shop/components/collection-page.tsx';
import { selectCollection } from '../../features/shop/shop-slice.ts';
import { useAppSelector } from '../hooks.ts';
import { NotFound } from '../layout/not-found.tsx';
import { pageMeta } from '../page-meta.ts';

export const meta = ({ params }: { params: { collectionId?: string } }) => {
  const id = params.collectionId ?? '';
  if (!isCollectionId(id)) return pageMeta('Page not found', 'This page does not exist.');
  const { title, items } = COLLECTIONS[id];
  return pageMeta(
    title,
    `${title} at CRWN Clothing: ${items.map((item) => item.name).join(', ')}.`,
  );
};

export default function CollectionRoute() {
  const { collectionId = '' } = useParams();
  const collection = useAppSelector((state) => selectCollection(state, collectionId));
  // Any other sub-route of /shop is not part of the shop.
  if (!collection) return <NotFound />;
  return <CollectionPage collection={collection} />;
}
