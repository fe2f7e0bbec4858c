import { useAppDispatch } from '#client/app/hooks.ts';
import type { Item } from '#shared/catalogue.ts';
import { announceAdded } from './added-to-cart.ts';
import { itemAdded } from './cart-slice.ts';
import { ADD_ITEM_ATTRIBUTE } from './early-adds.ts';

/**
 * Props for an item's "Add to cart" button, for any feature that shows one: its click adds the
 * item, and its attribute lets the early-adds script keep a tap made before the app runs
 * (early-adds.ts). Spread them on the button. The add is announced (added-to-cart.ts): a page
 * with these buttons renders AddedToCartStatus, so the shopper sees and hears it.
 */
export function useAddToCart(item: Item): { onClick: () => void; [ADD_ITEM_ATTRIBUTE]: number } {
  const dispatch = useAppDispatch();
  return {
    onClick: () => {
      dispatch(itemAdded(item));
      announceAdded(item.name);
    },
    [ADD_ITEM_ATTRIBUTE]: item.id,
  };
}
