import { index, route, type RouteConfig } from '@react-router/dev/routes';

// Each route module is its own lazily loaded chunk.
export default [
  index('routes/home.tsx'),
  route('shop', 'routes/shop.tsx'),
  route('shop/:collectionId', 'routes/collection.tsx'),
  route('checkout', 'routes/checkout.tsx'),
  route('signin', 'routes/sign-in.tsx'),
  route('contact', 'routes/contact.tsx'),
  route('account', 'routes/account.tsx'),
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig;
