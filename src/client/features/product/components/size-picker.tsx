import type { SizeStock } from '#shared/catalogue-model.ts';
import { availabilityOf } from '#client/features/product/stock.ts';

interface SizePickerProps {
  sizes: readonly SizeStock[];
  /** The chosen size, or null before a choice. */
  value: string | null;
  onChange: (size: string) => void;
  /** Id of the text that says a size is still to be chosen, read with the group. */
  describedBy?: string;
}

/**
 * The sizes as a radio group drawn as buttons: native radios, so arrow keys move between the
 * sizes that can be bought and a screen reader hears "M, 2 of 5". A sold-out size stays in sight,
 * disabled, so the shopper knows it exists and is gone rather than never made.
 */
export function SizePicker({ sizes, value, onChange, describedBy }: SizePickerProps) {
  return (
    <fieldset className="size-picker" aria-describedby={describedBy}>
      <legend className="size-picker__legend">Size</legend>
      <div className="size-picker__options">
        {sizes.map((option) => {
          const availability = availabilityOf(option);
          const note =
            availability === 'sold-out'
              ? 'Sold out'
              : availability === 'low'
                ? `Only ${option.stock} left`
                : null;
          return (
            <label
              key={option.size}
              className={`size-picker__option size-picker__option--${availability}`}
            >
              <input
                className="size-picker__input"
                type="radio"
                name="size"
                value={option.size}
                // Read as "M, Only 2 left": the two lines of the label would run together.
                aria-label={note ? `${option.size}, ${note}` : option.size}
                checked={value === option.size}
                disabled={availability === 'sold-out'}
                onChange={() => onChange(option.size)}
              />
              <span className="size-picker__size">{option.size}</span>
              {note && <span className="size-picker__note">{note}</span>}
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
