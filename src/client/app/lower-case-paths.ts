import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { lowerCasePage } from './chunk-errors/route-chunks.ts';

/**
 * Sends a path in another letter case (/SHOP, /shop/Hats) to the page's own lower-case address,
 * as the server redirects a fresh load of it (site/prerendered-pages.ts, ADR 024). React
 * Router matches case-insensitively on the client, whatever routes.ts says (its client routes
 * drop `caseSensitive`), so without this a link to /SHOP would show the shop at an address the
 * server calls a redirect, and /SHOP/unknown is left to the not-found route.
 */
export function useLowerCasePaths(): void {
  const { pathname, search, hash } = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    const page = lowerCasePage(pathname);
    if (page) void navigate(page + search + hash, { replace: true });
  }, [pathname, search, hash, navigate]);
}
