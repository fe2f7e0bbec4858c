import { Navigate, useLocation } from 'react-router';
import { lowerCasePage } from '#client/app/chunk-errors/route-chunks.ts';
import { NotFound } from '#client/app/layout/not-found.tsx';
import { pageMeta } from '#client/app/page-meta.ts';

export const meta = () => pageMeta('Page not found', 'This page does not exist.');

export default function NotFoundRoute() {
  const { pathname, search, hash } = useLocation();
  // /SHOP reached by a link: the page the server would redirect it to (ADR 024).
  const page = lowerCasePage(pathname.replace(/(.)\/+$/, '$1'));
  if (page) return <Navigate to={page + search + hash} replace />;
  return <NotFound />;
}
