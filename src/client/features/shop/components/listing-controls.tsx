import type { FormEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';
import {
  listQueryString,
  parseListQuery,
  type ListQuery,
  type ProductList,
  type Sort,
} from '#shared/catalogue-model.ts';

const SORT_LABELS: Record<Sort, string> = {
  featured: 'Featured',
  'price-asc': 'Price: low to high',
  'price-desc': 'Price: high to low',
  newest: 'Newest',
  name: 'Name',
};

/** The values offered, with the one in the URL kept even when no product has it any more. */
const withCurrent = (values: readonly string[], current: string | undefined) =>
  current && !values.includes(current) ? [current, ...values] : values;

const dollarsOf = (cents: number | undefined) =>
  cents === undefined ? '' : String(Math.floor(cents / 100));

/** A price bound in whole dollars; the listing's own lowest or highest price as placeholder. */
function DollarField(props: { label: string; name: string; value?: number; placeholder: number }) {
  return (
    <label className="listing-controls__field listing-controls__price">
      <span>{props.label}</span>
      <input
        type="number"
        name={props.name}
        min={0}
        step={1}
        inputMode="numeric"
        placeholder={props.placeholder > 99 ? dollarsOf(props.placeholder) : ''}
        defaultValue={dollarsOf(props.value)}
      />
    </label>
  );
}

interface ListingControlsProps {
  query: ListQuery;
  facets: ProductList['facets'];
  /** Other parameters of the page's URL that the form keeps (the search's `q`). */
  keep?: Record<string, string>;
}

/**
 * Sort and filters of a collection or search listing, as a GET form: the choice lives in the URL
 * (parseListQuery reads it back), so it can be shared and Back undoes it, and the form works
 * before or without JavaScript. With it, the URL is written without empty fields. A new choice
 * starts again at page 1. Applied by a button, not on change, so moving through a list by
 * keyboard does not reload the listing at every step (WCAG 3.2.2).
 */
export function ListingControls({ query, facets, keep = {} }: ListingControlsProps) {
  const navigate = useNavigate();
  const { pathname } = useLocation();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const next = parseListQuery({
      get: (name) => {
        const value = data.get(name);
        return typeof value === 'string' ? value : null;
      },
    });
    void navigate(pathname + listQueryString({ ...next, page: 1 }, keep));
  };

  return (
    <form
      // A new URL (Back, a shared link) shows its own choice, not what was typed before.
      key={listQueryString(query, keep)}
      className="listing-controls"
      method="get"
      action={pathname}
      aria-label="Sort and filter"
      onSubmit={onSubmit}
    >
      {Object.entries(keep).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <label className="listing-controls__field">
        <span>Sort by</span>
        <select name="sort" defaultValue={query.sort}>
          {Object.entries(SORT_LABELS).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      </label>
      <label className="listing-controls__field">
        <span>Size in stock</span>
        <select name="size" defaultValue={query.size ?? ''}>
          <option value="">Any size</option>
          {withCurrent(facets.sizes, query.size).map((size) => (
            <option key={size} value={size}>
              {size}
            </option>
          ))}
        </select>
      </label>
      <label className="listing-controls__field">
        <span>Colour</span>
        <select name="colour" defaultValue={query.colour ?? ''}>
          <option value="">Any colour</option>
          {withCurrent(facets.colours, query.colour).map((colour) => (
            <option key={colour} value={colour}>
              {colour.charAt(0).toUpperCase() + colour.slice(1)}
            </option>
          ))}
        </select>
      </label>
      <DollarField
        label="Min price ($)"
        name="min"
        value={query.minPrice}
        placeholder={facets.minPrice}
      />
      <DollarField
        label="Max price ($)"
        name="max"
        value={query.maxPrice}
        // Whole dollars at or above the dearest price.
        placeholder={facets.maxPrice + 99}
      />
      <button type="submit" className="listing-controls__apply">
        Apply
      </button>
    </form>
  );
}
