import type { Item } from '#shared/catalogue.ts';
import { ITEM_IMAGE } from '#shared/images.ts';
import { formatMoney } from '#shared/money.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Picture } from '#client/components/ui/picture.tsx';
import { useAddToCart } from '#client/features/cart/use-add-to-cart.ts';
import collectionItemCss from './collection-item.css?inline';
import { StyleSheet } from '#client/components/ui/style-sheet.tsx';

interface CollectionItemProps {
  item: Item;
  /** Shown above the fold: its image loads first. */
  priority?: boolean;
}

/**
 * How wide a card's picture is shown, from collection-grid.css and the page's padding: 2 columns
 * below 36rem, 3 below 60rem, then 4 of at most 18rem. A phone (412 px at 1.75x) thus gets the
 * 320 px picture, which is its size, not the 640 one.
 */
const ITEM_SIZES =
  '(min-width: 60rem) 18rem, (min-width: 48rem) calc(33.3vw - 2.4rem), ' +
  '(min-width: 36rem) calc(33.3vw - 1.5rem), calc(50vw - 1.75rem)';

/**
 * A product card. The add button is always there (not only on hover), so it works by mouse,
 * keyboard and touch alike.
 */
export function CollectionItem({ item, priority = false }: CollectionItemProps) {
  const addToCart = useAddToCart(item);
  return (
    <li className="collection-item">
      <StyleSheet href="collection-item" css={collectionItemCss} />
      <Picture
        className="collection-item__image"
        kind={ITEM_IMAGE}
        baseUrl={item.imageUrl}
        alt={item.name}
        sizes={ITEM_SIZES}
        priority={priority}
      />
      <div className="collection-item__footer">
        <span className="collection-item__name">{item.name}</span>
        <span className="collection-item__price">{formatMoney(item.price)}</span>
      </div>
      <Button
        variant="inverted"
        className="collection-item__add"
        aria-label={`Add ${item.name} to cart`}
        {...addToCart}
      >
        Add to cart
      </Button>
    </li>
  );
}
