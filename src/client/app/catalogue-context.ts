import { createContext, type RouterContextProvider } from 'react-router';
import type { CatalogueReader } from '#shared/catalogue-model.ts';

// Stand-in until the server-rendering branch (H2) provides the loaders' catalogue; replaced by
// theirs at the merge.
export const catalogueContext = createContext<CatalogueReader>();

export const catalogueOf = (context: Readonly<RouterContextProvider>): CatalogueReader =>
  context.get(catalogueContext);
