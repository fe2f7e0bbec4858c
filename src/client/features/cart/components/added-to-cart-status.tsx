import { useEffect, useState, useSyncExternalStore } from 'react';
import { useAppSelector } from '#client/app/hooks.ts';
import { lastAdded, subscribeToAdded } from '#client/features/cart/added-to-cart.ts';
import { selectCartItemsCount } from '#client/features/cart/cart-selectors.ts';
import addedToCartCss from './added-to-cart-status.css?inline';
import { StyleSheet } from '#client/components/ui/style-sheet.tsx';

/** How long the note stays in sight. */
export const SHOWN_MS = 5000;

/**
 * Says "Wolf Cap added to your cart" at the foot of the screen, where a phone shopper who has
 * scrolled the header away sees it, and to screen readers through a polite live region that is
 * there before the first add (issue 10). Render it on every page that has "Add to cart" buttons.
 */
export function AddedToCartStatus() {
  const added = useSyncExternalStore(subscribeToAdded, lastAdded, () => null);
  const count = useAppSelector(selectCartItemsCount);
  // Adds made before this page are not news on it: shown are those after, until their time is up.
  const [hidden, setHidden] = useState(() => lastAdded()?.serial ?? 0);

  useEffect(() => {
    if (!added) return;
    const timer = setTimeout(() => setHidden(added.serial), SHOWN_MS);
    return () => clearTimeout(timer);
  }, [added]);

  return (
    <div className="added-to-cart" role="status">
      <StyleSheet href="added-to-cart" css={addedToCartCss} />
      {added && added.serial > hidden && (
        <p className="added-to-cart__note">
          {added.name} added to your cart. {count} {count === 1 ? 'item' : 'items'} in your cart.
        </p>
      )}
    </div>
  );
}
