import { index, route, type RouteConfig } from '@react-router/dev/routes';
import { COLLECTION_IDS } from '#shared/catalogue.ts';

// Each route module is its own lazily loaded chunk. Every collection gets a route of its own
// rather than one `shop/:collectionId`, so any other path under /shop falls to the not-found
// route, exactly as the server's 404 page was prerendered (no hydration mismatch).
export default [
  index('routes/home.tsx'),
  route('shop', 'routes/shop.tsx'),
  ...COLLECTION_IDS.map((id) =>
    route(`shop/${id}`, 'routes/collection.tsx', { id: `collection-${id}` }),
  ),
  // A product's page, and the way there from a cart line that knows only its id (ADR 036).
  route('shop/:collection/:product', 'routes/product.tsx'),
  route('product/:id', 'routes/product.tsx', { id: 'product-by-id' }),
  route('search', 'routes/search.tsx'),
  route('checkout', 'routes/checkout.tsx'),
  route('checkout/confirmation', 'routes/order-confirmation.tsx'),
  route('signin', 'routes/sign-in.tsx'),
  route('contact', 'routes/contact.tsx'),
  route('account', 'routes/account.tsx'),
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig;
