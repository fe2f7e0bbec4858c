import { index, route, type RouteConfig } from '@react-router/dev/routes';
import { COLLECTION_IDS } from '#shared/catalogue.ts';

// Each route module is its own lazily loaded chunk. Every collection gets a route of its own
// rather than one `shop/:collectionId`, so any other path under /shop falls to the not-found
// route, exactly as the server's 404 page was prerendered (no hydration mismatch). Paths match
// case-sensitively, as the server's do: /SHOP is no page here either, and the not-found route
// sends it on to /shop as the server redirects it (ADR 024).
const page = (path: string, file: string, id?: string) =>
  route(path, file, { caseSensitive: true, ...(id ? { id } : {}) });

export default [
  index('routes/home.tsx'),
  page('shop', 'routes/shop.tsx'),
  ...COLLECTION_IDS.map((id) => page(`shop/${id}`, 'routes/collection.tsx', `collection-${id}`)),
  page('checkout', 'routes/checkout.tsx'),
  page('checkout/confirmation', 'routes/order-confirmation.tsx'),
  page('signin', 'routes/sign-in.tsx'),
  page('contact', 'routes/contact.tsx'),
  page('account', 'routes/account.tsx'),
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig;
