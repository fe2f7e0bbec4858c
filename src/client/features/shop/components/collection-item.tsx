import { Link } from 'react-router';
import type { Item } from '#shared/catalogue.ts';
import { productPath } from '#shared/catalogue-model.ts';
import { ITEM_IMAGE } from '#shared/images.ts';
import { formatMoney } from '#shared/money.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Picture } from '#client/components/ui/picture.tsx';
import { useAddToCart } from '#client/features/cart/use-add-to-cart.ts';
import collectionItemCss from './collection-item.css?inline';
import { StyleSheet } from '#client/components/ui/style-sheet.tsx';

/** What a card shows: the spec's item and the collection that gives its page's address. */
export type CardItem = Item & { collection: string };

interface CollectionItemProps {
  item: CardItem;
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
 * A product card. The picture and the name lead to the product's page; the picture's link is
 * left out of the tab order, so a keyboard meets each product once. The add button is always
 * there (not only on hover), so it works by mouse, keyboard and touch alike, and it adds at once
 * as the spec says, without a size (the cart asks for one).
 */
export function CollectionItem({ item, priority = false }: CollectionItemProps) {
  const { id, name, imageUrl, price } = item;
  const addToCart = useAddToCart({ id, name, imageUrl, price });
  const href = productPath(item);
  return (
    <li className="collection-item">
      <StyleSheet href="collection-item" css={collectionItemCss} />
      <Link to={href} tabIndex={-1} className="collection-item__image-link">
        <Picture
          className="collection-item__image"
          kind={ITEM_IMAGE}
          baseUrl={imageUrl}
          alt={name}
          sizes={ITEM_SIZES}
          priority={priority}
        />
      </Link>
      <div className="collection-item__footer">
        <Link to={href} className="collection-item__name">
          {name}
        </Link>
        <span className="collection-item__price">{formatMoney(price)}</span>
      </div>
      <Button
        variant="inverted"
        className="collection-item__add"
        aria-label={`Add ${name} to cart`}
        {...addToCart}
      >
        Add to cart
      </Button>
    </li>
  );
}
