import { AddedToCartStatus } from '#client/features/cart/components/added-to-cart-status.tsx';
import { CollectionsOverview } from '#client/features/shop/components/collections-overview.tsx';
import { pageMeta } from '#client/app/page-meta.ts';

export const meta = () =>
  pageMeta('Shop', 'Every collection of CRWN Clothing: hats, sneakers, jackets, womens and mens.');

export default function ShopRoute() {
  return (
    <>
      <CollectionsOverview />
      <AddedToCartStatus />
    </>
  );
}
