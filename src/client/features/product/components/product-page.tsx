import { useId, useRef, useState } from 'react';
import { productPath, type Product } from '#shared/catalogue-model.ts';
import { ITEM_IMAGE } from '#shared/images.ts';
import { formatMoney } from '#shared/money.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Picture } from '#client/components/ui/picture.tsx';
import { StyleSheet } from '#client/components/ui/style-sheet.tsx';
import { useAddToCart } from '#client/features/cart/use-add-to-cart.ts';
import { availabilityOf, isOneSize } from '#client/features/product/stock.ts';
import { Breadcrumb } from './breadcrumb.tsx';
import { SizeGuide } from './size-guide.tsx';
import { SizePicker } from './size-picker.tsx';
import productPageCss from './product-page.css?inline';

/** The picture fills the phone's width, and half of the page (at most 36rem) from 48rem. */
const PICTURE_SIZES = '(min-width: 48rem) min(36rem, calc(50vw - 4rem)), calc(100vw - 2.5rem)';

interface ProductPageProps {
  product: Product;
  /** The title of the product's collection (`Hats`), for the breadcrumb. */
  collectionTitle: string;
}

/** A product's own page: its picture, name, price and description, its sizes and the cart. */
export function ProductPage({ product, collectionTitle }: ProductPageProps) {
  const oneSize = isOneSize(product.sizes);
  const [size, setSize] = useState<string | null>(oneSize ? '' : null);
  const [asked, setAsked] = useState(false);
  const sizesRef = useRef<HTMLDivElement>(null);
  const hintId = useId();
  const soldOut = product.sizes.every((option) => availabilityOf(option) === 'sold-out');
  const { id, name, imageUrl, price } = product;
  // No early-adds attribute: a tap before the app runs would add without the size chosen.
  const { onClick: add } = useAddToCart({ id, name, imageUrl, price }, size || undefined);

  const askForSize = () => {
    setAsked(true);
    sizesRef.current?.querySelector<HTMLInputElement>('input:not(:disabled)')?.focus();
  };

  return (
    <article className="product-page">
      <StyleSheet href="product-page" css={productPageCss} />
      <Breadcrumb
        trail={[
          { name: 'Home', to: '/' },
          { name: 'Shop', to: '/shop' },
          { name: collectionTitle, to: `/shop/${product.collection}` },
          { name, to: productPath(product) },
        ]}
      />
      <div className="product-page__body">
        <Picture
          className="product-page__picture"
          kind={ITEM_IMAGE}
          baseUrl={imageUrl}
          alt={name}
          sizes={PICTURE_SIZES}
          priority
        />
        <div className="product-page__details">
          <h1 className="product-page__name">{name}</h1>
          <p className="product-page__price">{formatMoney(price)}</p>
          <p className="product-page__description">{product.description}</p>
          {!oneSize && (
            <div className="product-page__sizes" ref={sizesRef}>
              <SizePicker
                sizes={product.sizes}
                value={size}
                onChange={(chosen) => {
                  setSize(chosen);
                  setAsked(false);
                }}
                describedBy={asked && size === null ? hintId : undefined}
              />
              {product.sizeKind && <SizeGuide kind={product.sizeKind} />}
            </div>
          )}
          {asked && size === null && (
            <p className="product-page__hint" id={hintId} role="alert">
              Choose a size to add {name} to your cart.
            </p>
          )}
          {soldOut ? (
            <Button className="product-page__add" disabled>
              Sold out
            </Button>
          ) : (
            <Button className="product-page__add" onClick={size === null ? askForSize : add}>
              {size === null ? 'Choose a size' : 'Add to cart'}
            </Button>
          )}
        </div>
      </div>
    </article>
  );
}
