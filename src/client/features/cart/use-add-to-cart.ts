import { useAppDispatch } from '#client/app/hooks.ts';
import type { Item } from '#shared/catalogue.ts';
import { announceAdded } from './added-to-cart.ts';
import { itemAdded } from './cart-slice.ts';
import { ADD_ITEM_ATTRIBUTE } from './early-adds.ts';

/**
 * Props for an item's "Add to cart" button, for any feature that shows one: its click adds the
 * item, in `size` when given.
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
