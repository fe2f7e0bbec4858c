import type { Item } from '#shared/catalogue.ts';
import { ITEM_IMAGE } from '#shared/images.ts';
import { formatMoney } from '#shared/money.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Picture } from '../../../components/ui/picture.tsx';
import { useAppDispatch } from '../../../app/hooks.ts';
import { itemAdded } from '../../cart/cart-slice.ts';
import collectionItemCss from './collection-item.css?inline';
import { StyleSheet } from '../../../components/ui/style-sheet.tsx';

interface CollectionItemProps {
  item: Item;
  /** Shown above the fold: its image loads first. */
  priority?: boolean;
}

/**
 * A product card. The add button is always there (not only on hover), so it works by mouse,
 * keyboard and touch alike.
 */
export function CollectionItem({ item, priority = false }: CollectionItemProps) {
  const dispatch = useAppDispatch();
  return (
    <li className="collection-item">
      <StyleSheet href="collection-item" css={collectionItemCss} />
      <Picture
        className="collection-item__image"
        kind={ITEM_IMAGE}
        baseUrl={item.imageUrl}
        alt={item.name}
        sizes="(min-width: 60rem) 15rem, (min-width: 36rem) 30vw, 45vw"
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
        onClick={() => dispatch(itemAdded(item))}
      >
        Add to cart
      </Button>
    </li>
  );
}
