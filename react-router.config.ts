import type { Config } from '@react-router/dev/config';
import { COLLECTION_IDS } from './src/shared/catalogue.ts';

/** Path prerendered for the not-found page; the server answers unknown paths with it and a 404. */
export const NOT_FOUND_PATH = '/404';

export default {
  appDirectory: 'src/client/app',
  buildDirectory: 'build',
  // Every catalogue page is prerendered, so the first HTML a shopper gets shows the page
  // itself; there is no server rendering at run time (see docs/decisions/002).
  ssr: false,
  prerender: [
    '/',
    '/shop',
    ...COLLECTION_IDS.map((id) => `/shop/${id}`),
    '/checkout',
    '/checkout/confirmation',
    '/signin',
    '/contact',
    '/account',
    NOT_FOUND_PATH,
  ],
} satisfies Config;
