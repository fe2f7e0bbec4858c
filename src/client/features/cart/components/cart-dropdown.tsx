import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '#client/components/ui/button.tsx';
import { useAppDispatch, useAppSelector } from '#client/app/hooks.ts';
import { dropdownClosed } from '#client/features/cart/cart-slice.ts';
import {
  selectCartItems,
  selectCartKnown,
  selectCartLines,
} from '#client/features/cart/cart-selectors.ts';
import { CART_DROPDOWN_ID } from './cart-icon.tsx';
import { CartItem } from './cart-item.tsx';
import { NoLongerAvailable } from './no-longer-available.tsx';
import cartDropdownCss from './cart-dropdown.css?inline';
import { StyleSheet } from '#client/components/ui/style-sheet.tsx';

/** The cart's lines under the header's bag, with the way to checkout. */
export function CartDropdown() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const cartItems = useAppSelector(selectCartItems);
  const lines = useAppSelector(selectCartLines);
  // Until the catalogue has said what the lines' products are now, there is nothing to list yet,
  // but the cart is not empty either.
  const known = useAppSelector(selectCartKnown);

  // Escape closes the dropdown, as any pop-up panel is expected to.
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') dispatch(dropdownClosed());
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [dispatch]);

  const goToCheckout = () => {
    dispatch(dropdownClosed());
    void navigate('/checkout');
  };

  return (
    <section id={CART_DROPDOWN_ID} className="cart-dropdown" aria-label="Cart">
      <StyleSheet href="cart-dropdown" css={cartDropdownCss} />
      <NoLongerAvailable className="cart-dropdown__gone" />
      {lines.length > 0 ? (
        <ul className="cart-dropdown__items" aria-busy={!known}>
          {cartItems.map((item) => (
            <CartItem key={`${item.id}:${item.size ?? ''}`} item={item} />
          ))}
        </ul>
      ) : (
        <p className="cart-dropdown__empty">Your cart is empty</p>
      )}
      <Button onClick={goToCheckout}>GO TO CHECKOUT</Button>
    </section>
  );
}
