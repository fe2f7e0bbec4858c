import { createContext, RouterContextProvider } from 'react-router';
import type { CatalogueReader } from '#shared/catalogue-model.ts';

/**
 * The catalogue as it is now, which the server gives every route `loader` in its load context
 * (docs/decisions/035). Loaders read it with `catalogueOf(context)` and never import server
 * code: the Fastify server builds the context through `loadContext` of entry.server.tsx.
 */
export const catalogueContext = createContext<CatalogueReader>();

/** The catalogue reader of a loader's `context`. */
export function catalogueOf(context: Readonly<RouterContextProvider>): CatalogueReader {
  return context.get(catalogueContext);
}

/** The load context of one request, for the server's request handler. */
export function catalogueLoadContext(catalogue: CatalogueReader): RouterContextProvider {
  return new RouterContextProvider(new Map([[catalogueContext, catalogue]]));
}
