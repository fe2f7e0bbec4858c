import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatMoney } from '#shared/money.ts';
import { useAppSelector } from '#client/app/hooks.ts';
import {
  selectCartItems,
  selectCartKnown,
  selectCartTotal,
} from '#client/features/cart/cart-selectors.ts';
import { CheckoutItem } from './checkout-item.tsx';
import { NoLongerAvailable } from './no-longer-available.tsx';
import checkoutCss from './checkout.css?inline';
import { StyleSheet } from '#client/components/ui/style-sheet.tsx';

const COLUMNS = ['Product', 'Description', 'Quantity', 'Price', 'Remove'] as const;

/**
 * The checkout page: the cart as a table, its total, and the way to pay (`payment`), which an
 * empty cart does not offer.
 */
export function Checkout({ payment }: { payment?: ReactNode }) {
  const cartItems = useAppSelector(selectCartItems);
  const total = useAppSelector(selectCartTotal);
  // Read back, and each line's product known as the catalogue has it now (ADR 053).
  const restored = useAppSelector(selectCartKnown);
  const empty = restored && cartItems.length === 0;

  return (
    <div className="checkout">
      <StyleSheet href="checkout" css={checkoutCss} />
      <h1 className="visually-hidden">Checkout</h1>
      <NoLongerAvailable className="checkout__gone" />
      <table className="checkout__table">
        <thead>
          <tr>
            {COLUMNS.map((column) => (
              <th key={column} scope="col">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody aria-busy={!restored}>
          {restored &&
            cartItems.map((item) => (
              <CheckoutItem key={`${item.id}:${item.size ?? ''}`} item={item} />
            ))}
        </tbody>
      </table>
      {/* Holds the empty-cart line's place until the cart is read back, so nothing shifts. */}
      {!restored && (
        <p className="checkout__empty checkout__empty--pending" aria-hidden="true">
          &nbsp;
        </p>
      )}
      {empty && (
        <p className="checkout__empty">
          Your cart is empty. <Link to="/shop">Browse the shop</Link>
        </p>
      )}
      {/* Hidden until the cart is read back: a total that appears moves nothing, while a
            right-aligned 'Total - $' that grows a figure would shift. */}
      <p
        className={`checkout__total${restored ? '' : ' checkout__total--pending'}`}
        data-testid="checkout-total"
      >
        {restored ? `Total - ${formatMoney(total)}` : 'Total - $'}
      </p>
      <p className="checkout__test-warning">
        *Please use the following test credit card for payments*
        <br />
        4242 4242 4242 4242 - Exp: 12/34 - CVV: 123
      </p>
      {/* Nothing to pay for: the way on is the shop, above (issue #10, item 13). */}
      {!empty && <div className="checkout__pay">{payment}</div>}
    </div>
  );
}
