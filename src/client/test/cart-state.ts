import { lineRef, type CartItem } from '#shared/cart.ts';
import type { RootState } from '#client/app/store.ts';

/**
 * A store's starting state with these lines in the cart, and their products known as the
 * catalogue has them now (the names and prices of `items`): the cart keeps references only
 * (ADR 053), so a test that shows lines gives both.
 */
export function cartWith(
  items: readonly CartItem[],
  { hidden = true }: { hidden?: boolean } = {},
): Pick<RootState, 'cart' | 'cartCatalogue'> {
  return {
    cart: { hidden, cartItems: items.map(lineRef) },
    cartCatalogue: {
      products: Object.fromEntries(
        items.map(({ id, name, imageUrl, price }) => [id, { id, name, imageUrl, price }]),
      ),
      noLongerAvailable: [],
    },
  };
}
