import { data, useLoaderData } from 'react-router';
import type { LoaderFunctionArgs, MetaArgs } from 'react-router';
import {
  listQueryString,
  parseListQuery,
  productPath,
  type ListQuery,
  type ProductList,
} from '#shared/catalogue-model.ts';
import { ITEM_IMAGE, imageVariantUrl } from '#shared/images.ts';
import { AddedToCartStatus } from '#client/features/cart/components/added-to-cart-status.tsx';
import { CollectionPage } from '#client/features/shop/components/collection-page.tsx';
import { decimalPrice } from '#client/features/product/structured-data.ts';
import { NotFoundBoundary } from '#client/app/layout/not-found-boundary.tsx';
import { SHOP_NAME, pageMeta } from '#client/app/page-meta.ts';
import { catalogueOf } from '#client/app/catalogue-context.ts';

interface CollectionData {
  title: string;
  list: ProductList;
  query: ListQuery;
  /** Absolute: the collection's path, and its page beyond the first; sort and filters are not pages. */
  canonical: string;
}

/** `/shop/hats` -> `hats`: each collection has its own route (see routes.ts). */
const collectionIdOf = (pathname: string) => pathname.split('/')[2] ?? '';

export async function loader({ request, context }: LoaderFunctionArgs): Promise<CollectionData> {
  const url = new URL(request.url);
  const query = parseListQuery(url.searchParams);
  const found = await catalogueOf(context).collection(collectionIdOf(url.pathname), query);
  // eslint-disable-next-line @typescript-eslint/only-throw-error -- React Router's way to answer 404: its error boundary gets the status.
  if (!found) throw data('Not found', { status: 404 });
  const page = listQueryString({ sort: 'featured', page: query.page });
  return {
    title: found.collection.title,
    list: found.list,
    query,
    canonical: new URL(url.pathname + page, url.origin).href,
  };
}

/**
 * schema.org structured data for the page: an ItemList of the listed Products with their page,
 * picture and price, so search engines can show them as products.
 */
function structuredData({ title, list, canonical }: CollectionData) {
  const largest = ITEM_IMAGE.widths.at(-1) ?? 0;
  return {
    '@context': 'https://schema.org',
    '@type': 'ItemList',
    name: `${title} | ${SHOP_NAME}`,
    numberOfItems: list.total,
    itemListElement: list.products.map((item, index) => ({
      '@type': 'ListItem',
      position: (list.page - 1) * list.products.length + index + 1,
      item: {
        '@type': 'Product',
        name: item.name,
        url: new URL(productPath(item), canonical).href,
        image: new URL(imageVariantUrl(item.imageUrl, largest, 'jpg'), canonical).href,
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

export const meta = ({ loaderData: page }: MetaArgs<typeof loader>) => {
  if (!page) return pageMeta('Page not found', 'This page does not exist.');
  const { title, list } = page;
  return [
    ...pageMeta(
      title,
      `${title} at CRWN Clothing: ${list.products.map((item) => item.name).join(', ')}.`,
    ),
    { tagName: 'link', rel: 'canonical', href: page.canonical },
    { 'script:ld+json': structuredData(page) },
  ];
};

export default function CollectionRoute() {
  const { title, list, query } = useLoaderData<typeof loader>();
  return (
    <>
      <CollectionPage title={title} list={list} query={query} />
      <AddedToCartStatus />
    </>
  );
}

export const ErrorBoundary = NotFoundBoundary;
