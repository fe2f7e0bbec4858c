import { Link, useLocation } from 'react-router';
import { listQueryString, type ListQuery } from '#shared/catalogue-model.ts';

interface PaginationProps {
  query: ListQuery;
  pageCount: number;
  /** Other parameters of the page's URL that every page keeps (the search's `q`). */
  keep?: Record<string, string>;
}

/**
 * Links to the other pages of a long listing: real `<a href="?page=N">`, with rel prev and next,
 * so a crawler finds every product and a shopper can open a page in a new tab.
 */
export function Pagination({ query, pageCount, keep = {} }: PaginationProps) {
  const { pathname } = useLocation();
  if (pageCount <= 1) return null;
  const href = (page: number) => pathname + listQueryString({ ...query, page }, keep);
  // The first, the last and two either side of this one: every page is a few links away
  // without a list of hundreds.
  const pages = [...new Set([1, ...[-2, -1, 0, 1, 2].map((step) => query.page + step), pageCount])]
    .filter((page) => page >= 1 && page <= pageCount)
    .sort((a, b) => a - b);
  return (
    <nav className="pagination" aria-label="Pages">
      <ul className="pagination__list">
        {query.page > 1 && (
          <li>
            <Link to={href(query.page - 1)} rel="prev">
              Previous<span className="visually-hidden"> page</span>
            </Link>
          </li>
        )}
        {pages.map((page) => (
          <li key={page}>
            <Link
              to={href(page)}
              aria-current={page === query.page ? 'page' : undefined}
              aria-label={`Page ${page}`}
            >
              {page}
            </Link>
          </li>
        ))}
        {query.page < pageCount && (
          <li>
            <Link to={href(query.page + 1)} rel="next">
              Next<span className="visually-hidden"> page</span>
            </Link>
          </li>
        )}
      </ul>
    </nav>
  );
}
