import { data, redirect, useLoaderData } from 'react-router';
import type { LoaderFunctionArgs, MetaArgs } from 'react-router';
import { productIdOfSegment, productPath, type Product } from '#shared/catalogue-model.ts';
import { AddedToCartStatus } from '#client/features/cart/components/added-to-cart-status.tsx';
import { ProductPage } from '#client/features/product/components/product-page.tsx';
import { productStructuredData } from '#client/features/product/structured-data.ts';
import { NotFoundBoundary } from '#client/app/layout/not-found-boundary.tsx';
import { pageMeta } from '#client/app/page-meta.ts';
import { catalogueOf, shopOf } from '#client/app/catalogue-context.ts';

interface ProductData {
  product: Product;
  collectionTitle: string;
  /** The page's absolute canonical address. */
  canonical: string;
  /** The shop's name as it is now: the structured data's brand (ADR 048). */
  brand: string;
}

/**
 * `/shop/{collection}/{id}-{words}`, and `/shop/product/{id}` for a cart line that knows only its id
 * (ADR 036). The id decides: other words answer 301 to the canonical address, another collection
 * or an unknown id 404.
 */
export async function loader({
  params,
  url,
  context,
}: LoaderFunctionArgs): Promise<ProductData | Response> {
  const catalogue = catalogueOf(context);
  const id = productIdOfSegment(params.product ?? params.id ?? '');
  const product = id === undefined ? undefined : await catalogue.product(id);
  if (!product || (params.collection !== undefined && params.collection !== product.collection)) {
    // eslint-disable-next-line @typescript-eslint/only-throw-error -- React Router's way to answer 404: its error boundary gets the status.
    throw data('Not found', { status: 404 });
  }
  const path = productPath(product);
  // `url` is the page's, also for a data request (`request.url` then ends in `.data`). A
  // product's address follows its name and collection: /shop/product/{id} is only a way there.
  if (url.pathname !== path) return redirect(path + url.search, params.id ? 302 : 301);
  const collection = (await catalogue.collections()).find(
    (candidate) => candidate.routeName === product.collection,
  );
  return {
    product,
    collectionTitle: collection?.title ?? product.collection,
    canonical: new URL(path, url.origin).href,
    brand: shopOf(context).name,
  };
}

export const meta = ({ loaderData: page }: MetaArgs<typeof loader>) => {
  if (!page) return pageMeta('Page not found', 'This page does not exist.');
  const { product, canonical, brand } = page;
  return [
    ...pageMeta(product.name, product.description),
    { tagName: 'link', rel: 'canonical', href: canonical },
    { 'script:ld+json': productStructuredData(product, canonical, brand) },
  ];
};

export default function ProductRoute() {
  const { product, collectionTitle } = useLoaderData<typeof loader>();
  return (
    <>
      {/* A new product is a new page: its choice of size starts again. */}
      <ProductPage key={product.id} product={product} collectionTitle={collectionTitle} />
      <AddedToCartStatus />
    </>
  );
}

export const ErrorBoundary = NotFoundBoundary;
