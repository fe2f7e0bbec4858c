/**
 * What the catalogue's API answers (issue 13; ADR 054), as the routes declare it and the
 * OpenAPI document shows it. The types are catalogue-model.ts's, so the browser, which imports
 * that file, never loads zod.
 */
import { z } from './zod.ts';

const cents = z.number().int();

export const sizeStockSchema = z.object({ size: z.string(), stock: z.number().int() });

export const productSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  imageUrl: z.string(),
  price: cents,
  collection: z.string(),
  description: z.string(),
  colour: z.string(),
  sizeKind: z.enum(['hat', 'shoe', 'clothing']).nullable(),
  sizes: z.array(sizeStockSchema),
  createdAt: z.string(),
});

const collectionFields = {
  id: z.number().int(),
  title: z.string(),
  routeName: z.string(),
  imageUrl: z.string(),
  size: z.literal('large').optional(),
  tilePosition: z.number().int().optional(),
};
export const catalogueCollectionSchema = z.object({
  ...collectionFields,
  items: z.array(productSchema),
});

export const productListSchema = z.object({
  products: z.array(productSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageCount: z.number().int(),
  facets: z.object({
    sizes: z.array(z.string()),
    colours: z.array(z.string()),
    minPrice: cents,
    maxPrice: cents,
  }),
});

export const offSaleProductSchema = z.object({ id: z.number().int(), name: z.string() });

export const productsAnswerSchema = z.object({
  products: z.array(productSchema),
  unavailable: z.array(offSaleProductSchema),
});

/** GET /api/catalogue/collections. */
export const collectionsAnswerSchema = z.object({
  collections: z.array(catalogueCollectionSchema),
});

/** GET /api/catalogue/collections/:routeName: the collection without its items, and a page. */
export const collectionAnswerSchema = z.object({
  collection: z.object(collectionFields),
  list: productListSchema,
});
