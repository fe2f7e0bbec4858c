import { useLocation } from 'react-router';
import { COLLECTIONS, isCollectionId, type Collection } from '#shared/catalogue.ts';
import { ITEM_IMAGE, imageVariantUrl } from '#shared/images.ts';
import type { Cents } from '#shared/money.ts';
import { AddedToCartStatus } from '#client/features/cart/components/added-to-cart-status.tsx';
import { CollectionPage } from '#client/features/shop/components/collection-page.tsx';
import { selectCollection } from '#client/features/shop/shop-slice.ts';
import { useAppSelector } from '#client/app/hooks.ts';
import { NotFound } from '#client/app/layout/not-found.tsx';
import { SHOP_NAME, pageMeta } from '#client/app/page-meta.ts';

/** `/shop/hats` -> `hats`: each collection has its own route (see routes.ts). */
const collectionIdOf = (pathname: string) => pathname.split('/')[2] ?? '';

function collectionFor(pathname: string): Collection | undefined {
  const id = collectionIdOf(pathname);
  return isCollectionId(id) ? COLLECTIONS[id] : undefined;
}

/** `2550` cents as schema.org wants a price, `"25.50"`, without float arithmetic. */
function decimalPrice(amount: Cents): string {
  return `${Math.floor(amount / 100)}.${String(amount % 100).padStart(2, '0')}`;
}

/**
 * schema.org structured data for the page: an ItemList of the collection's Products with their
 * picture and price, so search engines can show them as products. Kept in this route, not in
 * page-meta.ts, so only collection pages download it.
 */
function structuredData(collection: Collection) {
  const largest = ITEM_IMAGE.widths.at(-1) ?? 0;
  return {
    '@context': 'https://schema.org',
    '@type': 'ItemList',
    name: `${collection.title} | ${SHOP_NAME}`,
    numberOfItems: collection.items.length,
    itemListElement: collection.items.map((item, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      item: {
        '@type': 'Product',
        name: item.name,
        image: imageVariantUrl(item.imageUrl, largest, 'jpg'),
        brand: { '@type': 'Brand', name: SHOP_NAME },
        offers: {
          '@type': 'Offer',
          price: decimalPrice(item.price),
          priceCurrency: 'USD',
          availability: 'https://schema.org/InStock',
        },
      },
    })),
  };
}

export const meta = ({ location }: { location: { pathname: string } }) => {
  const collection = collectionFor(location.pathname);
  if (!collection) return pageMeta('Page not found', 'This page does not exist.');
  const { title, items } = collection;
  return [
    ...pageMeta(title, `${title} at CRWN Clothing: ${items.map((item) => item.name).join(', ')}.`),
    { 'script:ld+json': structuredData(collection) },
  ];
};

export default function CollectionRoute() {
  const { pathname } = useLocation();
  const collection = useAppSelector((state) => selectCollection(state, collectionIdOf(pathname)));
  if (!collection) return <NotFound />;
  return (
    <>
      <CollectionPage collection={collection} />
      <AddedToCartStatus />
    </>
  );
}
