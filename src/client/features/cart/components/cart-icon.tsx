import { useAppDispatch, useAppSelector } from '#client/app/hooks.ts';
import { dropdownToggled } from '#client/features/cart/cart-slice.ts';
import {
  selectCartHidden,
  selectCartItemsCount,
  selectCartRestored,
} from '#client/features/cart/cart-selectors.ts';
import cartIconCss from './cart-icon.css?inline';
import { StyleSheet } from '#client/components/ui/style-sheet.tsx';

export const CART_DROPDOWN_ID = 'cart-dropdown';

/** The bag in the header: shows how many items are in the cart and opens the dropdown. */
export function CartIcon() {
  const dispatch = useAppDispatch();
  const count = useAppSelector(selectCartItemsCount);
  const restored = useAppSelector(selectCartRestored);
  const hidden = useAppSelector(selectCartHidden);
  const label = restored ? `Cart, ${count} ${count === 1 ? 'item' : 'items'}` : 'Cart';
  return (
    <button
      type="button"
      className="cart-icon"
      aria-label={label}
      aria-expanded={!hidden}
      aria-controls={CART_DROPDOWN_ID}
      onClick={() => dispatch(dropdownToggled())}
    >
      <StyleSheet href="cart-icon" css={cartIconCss} />
      <svg className="cart-icon__bag" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path
          d="M6 7h12l1 14H5L6 7zm3 0V6a3 3 0 0 1 6 0v1"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.6"
          strokeLinejoin="round"
        />
      </svg>
      {/* Until the stored cart is read back the count is unknown: show none rather than a wrong 0. */}
      <span className="cart-icon__count" aria-hidden="true" data-testid="cart-count">
        {restored ? count : ''}
      </span>
    </button>
  );
}
