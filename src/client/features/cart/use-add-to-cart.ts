import { useAppDispatch } from '#client/app/hooks.ts';
import type { Item } from '#shared/catalogue.ts';
import { announceAdded } from './added-to-cart.ts';
import { itemAdded } from './cart-slice.ts';
import { ADD_ITEM_ATTRIBUTE } from './early-adds.ts';

/**
 * Props for an item's "Add to cart" button, for any feature that shows one: its click adds the
 * item, in `size` when given (a product page's chosen size), else as a line without a size that
 * asks for one in the cart when the product has sizes (issue 13). Its attribute lets the
 * early-adds script keep a tap made before the app runs (early-adds.ts; such a tap adds without
 * a size). Spread them on the button. The add is announced (added-to-cart.ts): a page with these
 * buttons renders AddedToCartStatus, so the shopper sees and hears it.
 */
export function useAddToCart(
  item: Item,
  size?: string,
): { onClick: () => void; [ADD_ITEM_ATTRIBUTE]: number } {
  const dispatch = useAppDispatch();
  return {
    onClick: () => {
      dispatch(itemAdded(size ? { ...item, size } : item));
      announceAdded(size ? `${item.name}, size ${size}` : item.name);
    },
    [ADD_ITEM_ATTRIBUTE]: item.id,
  };
}
