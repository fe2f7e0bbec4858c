import { createContext, RouterContextProvider } from 'react-router';
import type { CatalogueReader } from '#shared/catalogue-model.ts';
import { DEFAULT_SHOP_SETTINGS, type ShopSettings } from '#shared/shop-settings.ts';

/**
 * The catalogue as it is now, which the server gives every route `loader` in its load context
 * (docs/decisions/035). Loaders read it with `catalogueOf(context)` and never import server
 * code: the Fastify server builds the context through `loadContext` of entry.server.tsx.
 */
export const catalogueContext = createContext<CatalogueReader>();

/** The shop's settings as they are now (ADR 048). */
export const shopContext = createContext<Readonly<ShopSettings>>();

/** The catalogue reader of a loader's `context`. */
export function catalogueOf(context: Readonly<RouterContextProvider>): CatalogueReader {
  return context.get(catalogueContext);
}

/** The shop's settings of a loader's `context`: its name, contact details and contact page. */
export function shopOf(context: Readonly<RouterContextProvider>): Readonly<ShopSettings> {
  return context.get(shopContext);
}

/**
 * The load context of one request, for the server's request handler; the default settings when
 * none are given (the budget's sample pages, the development server).
 */
export function catalogueLoadContext(
  catalogue: CatalogueReader,
  shop: Readonly<ShopSettings> = DEFAULT_SHOP_SETTINGS,
): RouterContextProvider {
  const context = new RouterContextProvider();
  context.set(catalogueContext, catalogue);
  context.set(shopContext, shop);
  return context;
}
