import { useId } from 'react';
import type { CartItem } from '#shared/cart.ts';
import { useAppDispatch } from '#client/app/hooks.ts';
import { lineSizeChosen } from '#client/features/cart/cart-slice.ts';
import { useLineSizes } from '#client/features/cart/use-line-sizes.ts';
export { sizesNeededMessage, unavailableMessage } from '#client/features/cart/size-messages.ts';
import { StyleSheet } from '#client/components/ui/style-sheet.tsx';
import lineSizeCss from './line-size-chooser.css?inline';

// For use-sizes-check.ts, which loads this chunk on first use rather than the module itself.
export {
  forgetProductSizes,
  loadProductSizes,
  productSizes,
} from '#client/features/cart/use-line-sizes.ts';

/**
 * The size chooser of a line added without a size (issue 13): a select of its product's sizes,
 * sold-out ones shown but disabled. Choosing one gives the line that size, which may merge it
 * with the line of that size. Renders nothing for a one-size product. Loaded only when the cart
 * has a line without a size (line-size.tsx), so carts of chosen sizes never download it.
 */
export function LineSizeChooser({ line }: { line: CartItem }) {
  const dispatch = useAppDispatch();
  const { sizesOf } = useLineSizes([line]);
  const id = useId();
  const sizes = sizesOf(line.id);
  if (!sizes) return null;
  return (
    <span className="line-size">
      <StyleSheet href="line-size-chooser" css={lineSizeCss} />
      <label htmlFor={id}>
        Size <span className="visually-hidden">of {line.name}</span>
      </label>
      <select
        id={id}
        className="line-size__select"
        value=""
        aria-invalid="true"
        aria-describedby={`${id}-hint`}
        onChange={(event) =>
          dispatch(lineSizeChosen({ line: { id: line.id }, chosen: event.target.value }))
        }
      >
        <option value="" disabled>
          Choose
        </option>
        {sizes.map(({ size, stock }) => (
          <option key={size} value={size} disabled={stock <= 0}>
            {stock <= 0 ? `${size} (sold out)` : size}
          </option>
        ))}
      </select>
      <span id={`${id}-hint`} className="line-size__hint">
        Choose a size
      </span>
    </span>
  );
}
