import { useId } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import searchBoxCss from './search-box.css?inline';
import { StyleSheet } from '#client/components/ui/style-sheet.tsx';

/** Where the search box sends its `q`. */
export const SEARCH_PATH = '/search';

/**
 * The header's search: a GET form to /search?q=, so it works before and without JavaScript. On
 * the search page it shows the words searched for.
 */
export function SearchBox() {
  const inputId = useId();
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const searched = pathname === SEARCH_PATH ? (params.get('q') ?? '') : '';
  return (
    // A plain GET form, without a script of its own: it is in every page's first load, and the
    // results page is rendered by the server anyway.
    <form className="search-box" role="search" method="get" action={SEARCH_PATH}>
      <StyleSheet href="search-box" css={searchBoxCss} />
      <label className="visually-hidden" htmlFor={inputId}>
        Search the shop
      </label>
      <input
        // Another search (Back, a link) shows its own words, not the last ones typed.
        key={searched}
        id={inputId}
        className="search-box__input"
        type="search"
        name="q"
        defaultValue={searched}
        placeholder="Search"
        autoComplete="off"
        enterKeyHint="search"
        maxLength={100}
      />
      <button className="search-box__button" type="submit" aria-label="Search">
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
          <circle cx="10.5" cy="10.5" r="6.5" fill="none" stroke="currentColor" strokeWidth="2" />
          <path d="m15.5 15.5 5 5" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </button>
    </form>
  );
}
