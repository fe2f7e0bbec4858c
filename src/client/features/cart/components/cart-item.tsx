import { ITEM_IMAGE } from '#shared/images.ts';
import type { CartItem as CartLine } from '#shared/cart.ts';
import { formatMoney } from '#shared/money.ts';
import { Picture } from '#client/components/ui/picture.tsx';
import cartItemCss from './cart-item.css?inline';
import { StyleSheet } from '#client/components/ui/style-sheet.tsx';
import { LineSize } from './line-size.tsx';

/** One line of the cart dropdown: image, name, `quantity x $price`, and its size (or a chooser). */
export function CartItem({ item }: { item: CartLine }) {
  return (
    <li className="cart-item">
      <StyleSheet href="cart-item" css={cartItemCss} />
      <Picture kind={ITEM_IMAGE} baseUrl={item.imageUrl} alt="" sizes="4rem" />
      <div className="cart-item__details">
        <span className="cart-item__name">{item.name}</span>
        <span className="cart-item__price">
          {item.quantity} x {formatMoney(item.price)}
        </span>
        <LineSize line={item} />
      </div>
    </li>
  );
}
