import { useId, type FormEvent } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import searchBoxCss from './search-box.css?inline';
import { StyleSheet } from '#client/components/ui/style-sheet.tsx';

/** Where the search box sends its `q`. */
export const SEARCH_PATH = '/search';

/**
 * The header's search: a GET form to /search?q=, so it works before and without JavaScript, and
 * with it moves within the app. On the search page it shows the words searched for.
 */
export function SearchBox() {
  const inputId = useId();
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const searched = pathname === SEARCH_PATH ? (params.get('q') ?? '') : '';
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const q = new FormData(event.currentTarget).get('q');
    void navigate(`${SEARCH_PATH}?${new URLSearchParams({ q: typeof q === 'string' ? q : '' })}`);
  };
  return (
    <form
      className="search-box"
      role="search"
      method="get"
      action={SEARCH_PATH}
      onSubmit={onSubmit}
    >
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
