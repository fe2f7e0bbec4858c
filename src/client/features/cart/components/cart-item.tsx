import { Link } from 'react-router';
import { ITEM_IMAGE } from '#shared/images.ts';
import type { CartItem as CartLine } from '#shared/cart.ts';
import { formatMoney } from '#shared/money.ts';
import { Picture } from '#client/components/ui/picture.tsx';
import { useAppDispatch } from '#client/app/hooks.ts';
import { dropdownClosed } from '#client/features/cart/cart-slice.ts';
import { lineHref } from './line-link.ts';
import cartItemCss from './cart-item.css?inline';
import { StyleSheet } from '#client/components/ui/style-sheet.tsx';
import { LineSize } from './line-size.tsx';

/** One line of the cart dropdown: image, name, `quantity x $price`, and its size (or a chooser). */
export function CartItem({ item }: { item: CartLine }) {
  const dispatch = useAppDispatch();
  const href = lineHref(item);
  // Going to the product's page leaves the dropdown, as going to checkout does.
  const close = () => dispatch(dropdownClosed());
  return (
    <li className="cart-item">
      <StyleSheet href="cart-item" css={cartItemCss} />
      {/* The name beside it is the same link: this one is for the pointer only. */}
      <Link to={href} tabIndex={-1} aria-hidden="true" onClick={close} className="cart-item__image">
        <Picture kind={ITEM_IMAGE} baseUrl={item.imageUrl} alt="" sizes="4rem" />
      </Link>
      <div className="cart-item__details">
        <Link to={href} onClick={close} className="cart-item__name">
          {item.name}
        </Link>
        <span className="cart-item__price">
          {item.quantity} x {formatMoney(item.price)}
        </span>
        <LineSize line={item} />
      </div>
    </li>
  );
}
