import type { LoaderFunctionArgs } from 'react-router';
import { AddedToCartStatus } from '#client/features/cart/components/added-to-cart-status.tsx';
import { CollectionsOverview } from '#client/features/shop/components/collections-overview.tsx';
import { PREVIEW_ITEM_COUNT } from '#client/features/shop/shop-slice.ts';
import { SHOP_NAME, pageMeta } from '#client/app/page-meta.ts';
import { catalogueOf } from '#client/app/catalogue-context.ts';
import { loadIntoStore, type StoreLoad } from '#client/app/catalogue-store.ts';

export const meta = () =>
  pageMeta('Shop', `Every collection of ${SHOP_NAME}: hats, sneakers, jackets, womens and mens.`);

/** Every collection with the items its preview shows, and no more (spec §9: 4 of each). */
export async function loader({ context }: LoaderFunctionArgs) {
  const collections = await catalogueOf(context).collections();
  const previews = collections.map(({ id, title, routeName, items }) => ({
    id,
    title,
    routeName,
    items: items.slice(0, PREVIEW_ITEM_COUNT),
  }));
  return { store: { collections: previews } satisfies StoreLoad };
}

export const clientLoader = loadIntoStore;

export default function ShopRoute() {
  return (
    <>
      <CollectionsOverview />
      <AddedToCartStatus />
    </>
  );
}
