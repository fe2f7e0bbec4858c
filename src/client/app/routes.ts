import { index, route, type RouteConfig } from '@react-router/dev/routes';

// Each route module is its own lazily loaded chunk. The catalogue's pages are rendered by the
// server from the catalogue as it is now (their loaders); an unknown collection is answered by
// the collection route's loader with the not-found page and status 404 (docs/decisions/035).
export default [
  index('routes/home.tsx'),
  route('shop', 'routes/shop.tsx'),
  route('shop/:collection', 'routes/collection.tsx'),
  // A product's page, and the way there from a cart line that knows only its id (ADR 036).
  route('shop/:collection/:product', 'routes/product.tsx'),
  route('shop/product/:id', 'routes/product.tsx', { id: 'product-by-id' }),
  // The search's listing shares the collection's module: see search-page.tsx.
  route('search', 'routes/collection.tsx', { id: 'search' }),
  route('checkout', 'routes/checkout.tsx'),
  route('checkout/confirmation', 'routes/order-confirmation.tsx'),
  route('signin', 'routes/sign-in.tsx'),
  route('contact', 'routes/contact.tsx'),
  route('account', 'routes/account.tsx'),
  // Issue 15. Emailed links open the last two, with their token in the fragment.
  route('forgot-password', 'routes/forgot-password.tsx'),
  route('reset-password', 'routes/reset-password.tsx'),
  route('verify-email', 'routes/verify-email.tsx'),
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig;
