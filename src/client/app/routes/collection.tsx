import { data, useParams, type LoaderFunctionArgs, type MetaArgs } from 'react-router';
import { ITEM_IMAGE, imageVariantUrl } from '#shared/images.ts';
import type { Cents } from '#shared/money.ts';
import { parseListQuery, type Product } from '#shared/catalogue-model.ts';
import { AddedToCartStatus } from '#client/features/cart/components/added-to-cart-status.tsx';
import { CollectionPage } from '#client/features/shop/components/collection-page.tsx';
import { selectCollection } from '#client/features/shop/shop-slice.ts';
import { useAppSelector } from '#client/app/hooks.ts';
import { NotFound } from '#client/app/layout/not-found.tsx';
import { SHOP_NAME, pageMeta } from '#client/app/page-meta.ts';
import { catalogueOf } from '#client/app/catalogue-context.ts';
import { loadIntoStore, type StoreLoad } from '#client/app/catalogue-store.ts';

/** `2550` cents as schema.org wants a price, `"25.50"`, without float arithmetic. */
function decimalPrice(amount: Cents): string {
  return `${Math.floor(amount / 100)}.${String(amount % 100).padStart(2, '0')}`;
}

/**
 * schema.org structured data for the page: an ItemList of the collection's Products with their
 * picture and price, so search engines can show them as products. Kept in this route, not in
 * page-meta.ts, so only collection pages download it.
 */
function structuredData(title: string, items: readonly Product[]) {
  const largest = ITEM_IMAGE.widths.at(-1) ?? 0;
  return {
    '@context': 'https://schema.org',
    '@type': 'ItemList',
    name: `${title} | ${SHOP_NAME}`,
    numberOfItems: items.length,
    itemListElement: items.map((item, index) => ({
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
          availability: item.sizes.some((size) => size.stock > 0)
            ? 'https://schema.org/InStock'
            : 'https://schema.org/OutOfStock',
        },
      },
    })),
  };
}

/**
 * The collection as it is now, the listing of its URL's query (sort, filters, page); the
 * not-found page with status 404 for a collection the shop does not have.
 */
export async function loader({ context, params, request }: LoaderFunctionArgs) {
  const query = parseListQuery(new URL(request.url).searchParams);
  const found = await catalogueOf(context).collection(params.collection ?? '', query);
  if (!found) return data({ found: false as const }, { status: 404 });
  const { id, title, routeName } = found.collection;
  const collection = { id, title, routeName, items: found.list.products };
  return { found: true as const, list: found.list, store: { collection } satisfies StoreLoad };
}

export const clientLoader = loadIntoStore;

export const meta = ({ loaderData }: MetaArgs<typeof loader>) => {
  if (!loaderData?.found) return pageMeta('Page not found', 'This page does not exist.');
  const { title, items } = loaderData.store.collection;
  return [
    ...pageMeta(title, `${title} at CRWN Clothing: ${items.map((item) => item.name).join(', ')}.`),
    { 'script:ld+json': structuredData(title, items) },
  ];
};

export default function CollectionRoute() {
  const { collection: collectionId = '' } = useParams();
  const collection = useAppSelector((state) => selectCollection(state, collectionId));
  if (!collection) return <NotFound />;
  return (
    <>
      <CollectionPage collection={collection} />
      <AddedToCartStatus />
    </>
  );
}
