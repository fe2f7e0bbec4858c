import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  parseListQuery,
  type CatalogueReader,
  type ProductsAnswer,
} from '#shared/catalogue-model.ts';
import { apiErrorSchema } from '#shared/api-errors.ts';
import {
  collectionAnswerSchema,
  collectionsAnswerSchema,
  productListSchema,
  productSchema,
  productsAnswerSchema,
} from '#shared/catalogue-api.ts';
import { MAX_SEARCH_LENGTH } from './catalogue-service.ts';

/** Most products one `products?ids=` asks for: a cart's worth. */
export const MAX_PRODUCT_IDS = 50;

const PRODUCT_ID = /^[1-9][0-9]{0,8}$/;
const ROUTE_NAME = /^[a-z0-9][a-z0-9-]{0,63}$/;

export interface CatalogueRoutesOptions {
  reader: CatalogueReader;
}

type Query = Record<string, unknown>;

function sendError(reply: FastifyReply, status: 400 | 404, message: string) {
  return reply
    .status(status)
    .send({ error: status === 400 ? 'Bad Request' : 'Not Found', message });
}

/** The query string as parseListQuery reads it; a repeated name counts as absent. */
const paramsOf = (query: Query) => ({
  get: (name: string) => {
    const value = query[name];
    return typeof value === 'string' ? value : null;
  },
});

/**
 * The catalogue as JSON (issue 13): what the pages show, for the browser's cart and for other
 * clients. Every answer is the catalogue at one version; its ETag names that version, so a
 * client revalidates (`cache-control: no-cache`) and gets 304 until something changes.
 *
 * - `GET /api/catalogue/collections`: `{ collections }`, every collection with its products.
 * - `GET /api/catalogue/collections/:routeName?sort=&size=&colour=&min=&max=&page=`:
 *   `{ collection, list }` (a ProductList); the query as parseListQuery reads it, where a
 *   malformed value falls back to its default. 404 for an unknown collection.
 * - `GET /api/catalogue/products/:id`: the Product; 400 for a malformed id, 404 for an unknown
 *   or archived one.
 * - `GET /api/catalogue/products?ids=1,2,3`: `{ products, unavailable }` (ProductsAnswer): those
 *   on sale in the order asked, and the archived ones by id and name, so a cart can say which of
 *   its lines is no longer available (unknown ids are in neither); 400 unless 1-50 ids.
 * - `GET /api/catalogue/search?q=…&sort=…`: a ProductList; 400 unless q has 1-100 characters.
 */
export function catalogueRoutes(
  app: FastifyInstance,
  { reader }: CatalogueRoutesOptions,
): Promise<void> {
  /** Sends `body` under the catalogue's version, or 304 when the client has that version. */
  const send = async (
    request: FastifyRequest,
    reply: FastifyReply,
    version: number,
    body: unknown,
  ) => {
    const etag = `W/"catalogue-${version}"`;
    reply.header('cache-control', 'no-cache').header('etag', etag);
    const given = request.headers['if-none-match'];
    if (given?.split(',').some((tag) => tag.trim() === etag)) {
      return reply.status(304).send();
    }
    return reply.send(body);
  };

  // A 304 has no body, so no schema.
  app.get(
    '/api/catalogue/collections',
    { schema: { response: { 200: collectionsAnswerSchema } } },
    async (request, reply) => {
      const version = await reader.version();
      return send(request, reply, version, { collections: await reader.collections() });
    },
  );

  app.get<{ Params: { routeName: string }; Querystring: Query }>(
    '/api/catalogue/collections/:routeName',
    { schema: { response: { 200: collectionAnswerSchema, 404: apiErrorSchema } } },
    async (request, reply) => {
      const { routeName } = request.params;
      const version = await reader.version();
      const found = ROUTE_NAME.test(routeName)
        ? await reader.collection(routeName, parseListQuery(paramsOf(request.query)))
        : undefined;
      if (!found) return sendError(reply, 404, `There is no collection called ${routeName}.`);
      return send(request, reply, version, found);
    },
  );

  app.get<{ Params: { id: string } }>(
    '/api/catalogue/products/:id',
    { schema: { response: { 200: productSchema, 400: apiErrorSchema, 404: apiErrorSchema } } },
    async (request, reply) => {
      const { id } = request.params;
      if (!PRODUCT_ID.test(id)) return sendError(reply, 400, 'A product id is a positive number.');
      const version = await reader.version();
      const product = await reader.product(Number(id));
      if (!product) return sendError(reply, 404, `There is no product ${id} on sale.`);
      return send(request, reply, version, product);
    },
  );

  app.get<{ Querystring: Query }>(
    '/api/catalogue/products',
    { schema: { response: { 200: productsAnswerSchema, 400: apiErrorSchema } } },
    async (request, reply) => {
      const { ids } = request.query;
      const parts = typeof ids === 'string' ? ids.split(',') : [];
      if (
        parts.length === 0 ||
        parts.length > MAX_PRODUCT_IDS ||
        !parts.every((part) => PRODUCT_ID.test(part))
      ) {
        return sendError(
          reply,
          400,
          `Give ids as 1 to ${MAX_PRODUCT_IDS} product ids separated by commas (ids=1,2,3).`,
        );
      }
      const version = await reader.version();
      const asked = parts.map(Number);
      const answer: ProductsAnswer = {
        products: await reader.products(asked),
        unavailable: await reader.offSale(asked),
      };
      return send(request, reply, version, answer);
    },
  );

  app.get<{ Querystring: Query }>(
    '/api/catalogue/search',
    { schema: { response: { 200: productListSchema, 400: apiErrorSchema } } },
    async (request, reply) => {
      const { q } = request.query;
      const text = typeof q === 'string' ? q.trim() : '';
      if (text.length === 0 || text.length > MAX_SEARCH_LENGTH) {
        return sendError(reply, 400, `Search for 1 to ${MAX_SEARCH_LENGTH} characters (q=…).`);
      }
      const version = await reader.version();
      const list = await reader.search(text, parseListQuery(paramsOf(request.query)));
      return send(request, reply, version, list);
    },
  );
  return Promise.resolve();
}
