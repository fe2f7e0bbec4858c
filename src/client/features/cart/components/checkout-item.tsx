import { Link } from 'react-router';
import { cartTotal, type CartItem } from '#shared/cart.ts';
import { ITEM_IMAGE } from '#shared/images.ts';
import { formatMoney } from '#shared/money.ts';
import { Picture } from '#client/components/ui/picture.tsx';
import { useAppDispatch } from '#client/app/hooks.ts';
import { itemAdded, itemRemoved, lineCleared } from '#client/features/cart/cart-slice.ts';
import { lineHref } from './line-link.ts';
import { LineSize } from './line-size.tsx';

/**
 * A row of the checkout table: image, name, quantity with arrows, price (with the line's
 * subtotal) and remove. On a narrow screen the row stacks (checkout.css); `data-label` then names
 * the cells whose header is out of sight.
 */
export function CheckoutItem({ item }: { item: CartItem }) {
  const dispatch = useAppDispatch();
  const { name, imageUrl, price, quantity, size } = item;
  const href = lineHref(item);
  const line = { id: item.id, size };
  // Lines of one product in two sizes are told apart by their size.
  const label = size ? `${name}, size ${size}` : name;
  return (
    <tr className="checkout-item">
      <td className="checkout-item__image">
        {/* The name in the next cell is the same link: this one is for the pointer only. */}
        <Link to={href} tabIndex={-1} aria-hidden="true">
          <Picture
            kind={ITEM_IMAGE}
            baseUrl={imageUrl}
            alt=""
            sizes="(min-width: 36rem) 8rem, 4rem"
          />
        </Link>
      </td>
      <td className="checkout-item__name">
        <Link to={href}>{name}</Link>
        <br />
        <LineSize line={item} />
      </td>
      <td className="checkout-item__quantity" data-label="Quantity">
        <button
          type="button"
          className="checkout-item__arrow"
          aria-label={`Remove one ${label}`}
          onClick={() => dispatch(itemRemoved(line))}
        >
          &#10094;
        </button>
        <span className="checkout-item__value" aria-label={`Quantity of ${label}`}>
          {quantity}
        </span>
        <button
          type="button"
          className="checkout-item__arrow"
          aria-label={`Add one ${label}`}
          onClick={() => dispatch(itemAdded(item))}
        >
          &#10095;
        </button>
      </td>
      <td className="checkout-item__price" data-label="Price">
        {formatMoney(price)}
        <span className="checkout-item__subtotal">Subtotal {formatMoney(cartTotal([item]))}</span>
      </td>
      <td className="checkout-item__remove">
        <button
          type="button"
          className="checkout-item__remove-button"
          aria-label={`Remove ${label} from the cart`}
          onClick={() => dispatch(lineCleared(line))}
        >
          &#10005;
        </button>
      </td>
    </tr>
  );
}
