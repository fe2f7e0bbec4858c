import type { Config } from '@react-router/dev/config';

/** Path prerendered for the not-found page; the server answers unknown paths with it and a 404. */
export const NOT_FOUND_PATH = '/404';

/**
 * Pages that show nothing of the catalogue: prerendered at build, served as files. The
 * catalogue's pages (/, /shop, /shop/{collection}, products, search) and /contact (the owner's
 * words, ADR 048) are rendered by the server from the catalogue and the shop's settings as they
 * are now, and kept in its render cache (docs/decisions/035).
 */
export const PRERENDERED_PATHS = [
  '/checkout',
  '/checkout/confirmation',
  '/signin',
  '/account',
  '/forgot-password',
  '/reset-password',
  '/verify-email',
  NOT_FOUND_PATH,
];

export default {
  appDirectory: 'src/client/app',
  buildDirectory: 'build',
  ssr: true,
  prerender: PRERENDERED_PATHS,
  // The whole (small) route manifest in the first HTML: no /__manifest request on navigation.
  routeDiscovery: { mode: 'initial' },
} satisfies Config;
