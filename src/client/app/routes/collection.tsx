import { useLocation } from 'react-router';
import { COLLECTIONS, isCollectionId, type Collection } from '#shared/catalogue.ts';
import { CollectionPage } from '../../features/shop/components/collection-page.tsx';
import { selectCollection } from '../../features/shop/shop-slice.ts';
import { useAppSelector } from '../hooks.ts';
import { NotFound } from '../layout/not-found.tsx';
import { pageMeta } from '../page-meta.ts';

/** `/shop/hats` -> `hats`: each collection has its own route (see routes.ts). */
const collectionIdOf = (pathname: string) => pathname.split('/')[2] ?? '';

function collectionFor(pathname: string): Collection | undefined {
  const id = collectionIdOf(pathname);
  return isCollectionId(id) ? COLLECTIONS[id] : undefined;
}

export const meta = ({ location }: { location: { pathname: string } }) => {
  const collection = collectionFor(location.pathname);
  if (!collection) return pageMeta('Page not found', 'This page does not exist.');
  const { title, items } = collection;
  return pageMeta(
    title,
    `${title} at CRWN Clothing: ${items.map((item) => item.name).join(', ')}.`,
  );
};

export default function CollectionRoute() {
  const { pathname } = useLocation();
  const collection = useAppSelector((state) => selectCollection(state, collectionIdOf(pathname)));
  if (!collection) return <NotFound />;
  return <CollectionPage collection={collection} />;
}
