import { NotFound } from '#client/app/layout/not-found.tsx';
import { pageMeta } from '#client/app/page-meta.ts';

export const meta = () => pageMeta('Page not found', 'This page does not exist.');

export default function NotFoundRoute() {
  return <NotFound />;
}
