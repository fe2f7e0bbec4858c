// See docs/decisions/024.
import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { lowerCasePage } from './chunk-errors/route-chunks.ts';

export function useLowerCasePaths(): void {
  const { pathname, search, hash } = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    const page = lowerCasePage(pathname);
    if (page) void navigate(page + search + hash, { replace: true });
  }, [pathname, search, hash, navigate]);
}
