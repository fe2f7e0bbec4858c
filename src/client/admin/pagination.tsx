import { Link, useLocation } from 'react-router';
import type { Paged } from './types.ts';

/** Pages of `pageSize` needed for `total` rows; at least one. */
export const pageCount = ({ total, pageSize }: Paged) =>
  Math.max(1, Math.ceil(total / Math.max(1, pageSize)));

/**
 * Previous and next links of a paged list, keeping the rest of the query (its filters), with
 * where the list stands.
 */
export function Pagination({ paged, label }: { paged: Paged; label: string }) {
  const { pathname, search } = useLocation();
  const pages = pageCount(paged);
  if (pages <= 1) return null;
  const to = (page: number) => {
    const params = new URLSearchParams(search);
    if (page > 1) params.set('page', String(page));
    else params.delete('page');
    const query = params.toString();
    return `${pathname}${query ? `?${query}` : ''}`;
  };
  return (
    <nav aria-label={`Pages of ${label}`} className="pagination">
      {paged.page > 1 ? <Link to={to(paged.page - 1)}>Previous page</Link> : <span />}
      <span>
        Page {paged.page} of {pages}
      </span>
      {paged.page < pages ? <Link to={to(paged.page + 1)}>Next page</Link> : <span />}
    </nav>
  );
}
