import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from '#shared/zod.ts';
import {
  collectionOrder,
  collectionPatch,
  idParams,
  newCollection,
  newProduct,
  productPatch,
  productQuery,
} from '#shared/back-office-schemas.ts';
import {
  adminCollectionListSchema,
  adminCollectionSchema,
  adminProductListSchema,
  adminProductSchema,
  collectionOrderAnswerSchema,
} from '#shared/back-office-api.ts';
import { apiErrorSchema } from '#shared/api-errors.ts';
import { errorBody } from '#server/platform/http/error-handler.ts';
import { isUploadedPictureUrl, type PictureKind } from '#shared/picture-urls.ts';
import type { AuditService } from '#server/modules/audit/audit-service.ts';
import type { CatalogueAdmin, Outcome } from '#server/modules/catalogue/catalogue-service.ts';
import {
  BACK_OFFICE_API,
  PAGE_SIZE,
  notFound,
  type BackOfficeKit,
  type BackOfficeRoute,
} from './backoffice-kit.ts';

export const CATALOGUE_ROUTES: readonly BackOfficeRoute[] = [
  { method: 'GET', url: `${BACK_OFFICE_API}/products`, needs: 'staff' },
  { method: 'POST', url: `${BACK_OFFICE_API}/products`, needs: 'staff' },
  { method: 'GET', url: `${BACK_OFFICE_API}/products/:id`, needs: 'staff' },
  { method: 'PATCH', url: `${BACK_OFFICE_API}/products/:id`, needs: 'staff' },
  { method: 'POST', url: `${BACK_OFFICE_API}/products/:id/archive`, needs: 'staff' },
  { method: 'POST', url: `${BACK_OFFICE_API}/products/:id/restore`, needs: 'staff' },
  { method: 'GET', url: `${BACK_OFFICE_API}/collections`, needs: 'staff' },
  { method: 'POST', url: `${BACK_OFFICE_API}/collections`, needs: 'staff' },
  { method: 'PATCH', url: `${BACK_OFFICE_API}/collections/:id`, needs: 'staff' },
  { method: 'PUT', url: `${BACK_OFFICE_API}/collection-order`, needs: 'staff' },
];

export interface CatalogueAdminDeps {
  /** The catalogue module's back-office reads and writes (ADR 045). */
  catalogueAdmin: CatalogueAdmin;
  /** Whether an uploaded picture's base URL names a stored picture of the kind (ADR 046). */
  pictureStored: (imageUrl: string, kind: PictureKind) => Promise<boolean>;
  audit: AuditService;
}

/** A route's numeric id, or undefined (then it is no product or collection: 404). */
const idOf = (param: string) => {
  const id = Number(param);
  return /^[1-9][0-9]{0,8}$/.test(param) ? id : undefined;
};

/** A change's answers: 200 as it is now, 201 made; refused with 400, 404 or 409 (ADR 045). */
const changed = <T extends z.ZodType>(schema: T) => ({
  200: schema,
  201: schema,
  '4xx': apiErrorSchema,
});

const NO_PRODUCT = 'No such product.';
const NO_COLLECTION = 'No such collection.';

/**
 * The back office's products and collections (issue 14, ADR 045): the product list with its
 * search and filters, making, editing, archiving and restoring products, and making, renaming
 * and reordering collections. Each change is one catalogue change (every server's pages show it
 * within moments, and the next order is priced and stocked from it), and is audited.
 */
export function catalogueAdminRoutes(
  app: FastifyInstance,
  {
    kit: { actorOf },
    catalogueAdmin: catalogue,
    pictureStored,
    audit,
  }: CatalogueAdminDeps & { kit: BackOfficeKit },
): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  /** No such product or collection first: a path that is no one's is a 404 whatever its body. */
  const knownId =
    (missing: string) =>
    async (request: FastifyRequest<{ Params: { id: string } }>, reply: FastifyReply) => {
      if (idOf(request.params.id) === undefined) return notFound(reply, missing);
      return undefined;
    };
  /**
   * Why `imageUrl` may not be kept: it names an uploaded picture that was never stored, or was
   * stored as the other kind (a tile's landscape picture on a product); undefined when it may.
   * (A message, not the reply: a Fastify reply is a thenable, which an async function's caller
   * would await away.)
   */
  async function pictureProblem(imageUrl: string | undefined, kind: PictureKind) {
    if (imageUrl === undefined || !isUploadedPictureUrl(imageUrl)) return undefined;
    if (await pictureStored(imageUrl, kind)) return undefined;
    return kind === 'item'
      ? 'That picture was not uploaded as a product picture: upload it again here.'
      : 'That picture was not uploaded as a tile picture: upload it again here.';
  }
  const refuse = (reply: FastifyReply, message: string) =>
    reply.status(400).send({ code: 'VALIDATION_ERROR', message });

  /**
   * The answer to a change: 201 with what was made, 200 with the thing as it is now, or the
   * refusal (400, 404, 409). Changes that changed something are audited as `action`.
   */
  async function answer<T>(
    request: FastifyRequest,
    reply: FastifyReply,
    outcome: Outcome<T>,
    audited: { action: string; subject: (after: T) => string; missing: string },
  ) {
    switch (outcome.kind) {
      case 'not_found':
        return notFound(reply, audited.missing);
      case 'invalid':
        return reply.status(400).send(errorBody(400, 'VALIDATION_ERROR', outcome.message));
      case 'taken':
        return reply.status(409).send(errorBody(409, 'ROUTE_TAKEN', outcome.message));
      case 'unchanged':
        return outcome.after;
      case 'created':
      case 'changed': {
        const { after } = outcome;
        const before = outcome.kind === 'changed' ? outcome.before : null;
        await audit.record(actorOf(request), audited.action, audited.subject(after), before, after);
        return reply.status(outcome.kind === 'created' ? 201 : 200).send(after);
      }
    }
  }

  api.get(
    `${BACK_OFFICE_API}/products`,
    {
      schema: {
        querystring: productQuery,
        response: { 200: adminProductListSchema, '4xx': apiErrorSchema },
      },
    },
    async (request) => {
      const { q, collection, state, stock, page } = request.query;
      const { products, total } = await catalogue.listProducts({
        q: q || undefined,
        collection: collection || undefined,
        state,
        stock,
        limit: PAGE_SIZE,
        offset: (page - 1) * PAGE_SIZE,
      });
      return { products, total, page, pageSize: PAGE_SIZE };
    },
  );

  const productSubject = (product: { id: number }) => `product:${product.id}`;

  api.post(
    `${BACK_OFFICE_API}/products`,
    { schema: { body: newProduct, response: changed(adminProductSchema) } },
    async (request, reply) => {
      const problem = await pictureProblem(request.body.imageUrl, 'item');
      if (problem) return refuse(reply, problem);
      return answer(request, reply, await catalogue.createProduct(request.body), {
        action: 'product.create',
        subject: productSubject,
        missing: NO_PRODUCT,
      });
    },
  );

  app.get<{ Params: { id: string } }>(
    `${BACK_OFFICE_API}/products/:id`,
    { schema: { response: { 200: adminProductSchema, '4xx': apiErrorSchema } } },
    async (request, reply) => {
      const id = idOf(request.params.id);
      const product = id === undefined ? undefined : await catalogue.product(id);
      return product ?? notFound(reply, NO_PRODUCT);
    },
  );

  api.patch(
    `${BACK_OFFICE_API}/products/:id`,
    {
      schema: { params: idParams, body: productPatch, response: changed(adminProductSchema) },
      preValidation: knownId(NO_PRODUCT),
    },
    async (request, reply) => {
      const id = Number(request.params.id);
      const problem = await pictureProblem(request.body.imageUrl, 'item');
      if (problem) return refuse(reply, problem);
      return answer(request, reply, await catalogue.updateProduct(id, request.body), {
        action: 'product.edit',
        subject: productSubject,
        missing: NO_PRODUCT,
      });
    },
  );

  for (const [verb, archived] of [
    ['archive', true],
    ['restore', false],
  ] as const) {
    app.post<{ Params: { id: string } }>(
      `${BACK_OFFICE_API}/products/:id/${verb}`,
      { schema: { response: changed(adminProductSchema) } },
      async (request, reply) => {
        const id = idOf(request.params.id);
        if (id === undefined) return notFound(reply, NO_PRODUCT);
        return answer(request, reply, await catalogue.setArchived(id, archived), {
          action: `product.${verb}`,
          subject: productSubject,
          missing: NO_PRODUCT,
        });
      },
    );
  }

  app.get(
    `${BACK_OFFICE_API}/collections`,
    { schema: { response: { 200: adminCollectionListSchema, '4xx': apiErrorSchema } } },
    async () => ({ collections: await catalogue.collections() }),
  );

  const collectionSubject = (collection: { id: number }) => `collection:${collection.id}`;

  api.post(
    `${BACK_OFFICE_API}/collections`,
    { schema: { body: newCollection, response: changed(adminCollectionSchema) } },
    async (request, reply) => {
      const problem = await pictureProblem(request.body.imageUrl, 'section');
      if (problem) return refuse(reply, problem);
      return answer(request, reply, await catalogue.createCollection(request.body), {
        action: 'collection.create',
        subject: collectionSubject,
        missing: NO_COLLECTION,
      });
    },
  );

  api.patch(
    `${BACK_OFFICE_API}/collections/:id`,
    {
      schema: { params: idParams, body: collectionPatch, response: changed(adminCollectionSchema) },
      preValidation: knownId(NO_COLLECTION),
    },
    async (request, reply) => {
      const id = Number(request.params.id);
      const problem = await pictureProblem(request.body.imageUrl, 'section');
      if (problem) return refuse(reply, problem);
      return answer(request, reply, await catalogue.updateCollection(id, request.body), {
        action: 'collection.edit',
        subject: collectionSubject,
        missing: NO_COLLECTION,
      });
    },
  );

  api.put(
    `${BACK_OFFICE_API}/collection-order`,
    { schema: { body: collectionOrder, response: changed(collectionOrderAnswerSchema) } },
    async (request, reply) => {
      return answer(request, reply, await catalogue.reorderCollections(request.body), {
        action: 'collections.reorder',
        subject: () => 'collections',
        missing: NO_COLLECTION,
      });
    },
  );
  return Promise.resolve();
}
