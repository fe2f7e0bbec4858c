import { data, useLoaderData, type LoaderFunctionArgs, type MetaArgs } from 'react-router';
import {
  listQueryString,
  parseListQuery,
  productPath,
  type Product,
} from '#shared/catalogue-model.ts';
import { ITEM_IMAGE, imageVariantUrl } from '#shared/images.ts';
import type { Cents } from '#shared/money.ts';
import { AddedToCartStatus } from '#client/features/cart/components/added-to-cart-status.tsx';
import { CollectionPage } from '#client/features/shop/components/collection-page.tsx';
import { NotFound } from '#client/app/layout/not-found.tsx';
import { SHOP_NAME, pageMeta } from '#client/app/page-meta.ts';
import { catalogueOf, shopOf } from '#client/app/catalogue-context.ts';
import { loadIntoStore, type StoreLoad } from '#client/app/catalogue-store.ts';
import { SearchPage, loadSearch, searchMeta } from '#client/app/search-page.tsx';

/** `2550` cents as schema.org wants a price, `"25.50"`, without float arithmetic. */
function decimalPrice(amount: Cents): string {
  return `${Math.floor(amount / 100)}.${String(amount % 100).padStart(2, '0')}`;
}

/**
 * schema.org structured data for the page: an ItemList of the listed Products with their page,
 * picture and price, so search engines can show them as products. Kept in this route, not in
 * page-meta.ts, so only collection pages download it.
 */
function structuredData(
  title: string,
  items: readonly Product[],
  canonical: string,
  brand: string,
) {
  const largest = ITEM_IMAGE.widths.at(-1) ?? 0;
  return {
    '@context': 'https://schema.org',
    '@type': 'ItemList',
    name: `${title} | ${brand}`,
    numberOfItems: items.length,
    itemListElement: items.map((item, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      item: {
        '@type': 'Product',
        name: item.name,
        url: new URL(productPath(item), canonical).href,
        image: imageVariantUrl(item.imageUrl, largest, 'jpg'),
        brand: { '@type': 'Brand', name: brand },
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
 * not-found page with status 404 for a collection the shop does not have. The same module serves
 * /search (routes.ts), the route without a collection.
 */
export async function loader({ context, params, url }: LoaderFunctionArgs) {
  if (params.collection === undefined) return loadSearch({ context, url });
  const query = parseListQuery(url.searchParams);
  const found = await catalogueOf(context).collection(params.collection ?? '', query);
  if (!found) return data({ found: false as const }, { status: 404 });
  const { id, title, routeName } = found.collection;
  const collection = { id, title, routeName, items: found.list.products };
  // Sorted and filtered copies are not pages of their own; a page beyond the first is (ADR 036).
  const canonical = new URL(
    url.pathname + listQueryString({ sort: 'featured', page: query.page }),
    url.origin,
  ).href;
  return {
    found: true as const,
    list: found.list,
    query,
    canonical,
    // The shop's name as it is now: the structured data's brand (ADR 048).
    brand: shopOf(context).name,
    store: { collection } satisfies StoreLoad,
  };
}

export const clientLoader = loadIntoStore;

export const meta = ({ loaderData }: MetaArgs<typeof loader>) => {
  if (loaderData && 'q' in loaderData) return searchMeta(loaderData);
  if (!loaderData?.found) return pageMeta('Page not found', 'This page does not exist.');
  const { title } = loaderData.store.collection;
  const items = loaderData.list.products;
  return [
    ...pageMeta(title, `${title} at ${SHOP_NAME}: ${items.map((item) => item.name).join(', ')}.`),
    { tagName: 'link', rel: 'canonical', href: loaderData.canonical },
    {
      'script:ld+json': structuredData(title, items, loaderData.canonical, loaderData.brand),
    },
  ];
};

export default function CollectionRoute() {
  const page = useLoaderData<typeof loader>();
  if ('q' in page) return <SearchPage {...page} />;
  if (!page.found) return <NotFound />;
  return (
    <>
      <CollectionPage title={page.store.collection.title} list={page.list} query={page.query} />
      <AddedToCartStatus />
    </>
  );
}
