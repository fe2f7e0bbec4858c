import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  PRODUCT_STATES,
  ROUTE_NAME,
  ROUTE_NAME_MAX,
  STOCK_FILTERS,
} from '#shared/catalogue-admin.ts';
import { isPictureBaseUrl, isUploadedPictureUrl, type PictureKind } from '#shared/picture-urls.ts';
import { z } from '#shared/zod.ts';
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

const text = (max: number, tooLong: string) => z.string().trim().max(max, tooLong);

/** A picture's base URL: one the build drew of the kind, or an uploaded one (ADR 046). */
const imageUrl = (kind: PictureKind) =>
  z
    .string()
    .trim()
    .refine(
      (url) => isPictureBaseUrl(url, kind),
      kind === 'item'
        ? 'The picture is one of the shop’s product pictures or an uploaded one.'
        : 'The picture is one of the shop’s tile pictures or an uploaded one.',
    );

const price = z
  .number('The price is a number of cents.')
  .int('The price is whole cents.')
  .min(1, 'A price is at least 1 cent.')
  .max(10_000_000, 'That price is too high.');

const pieces = z
  .number('Stock is a number.')
  .int('Stock is a whole number.')
  .min(0, 'Stock cannot be below 0.')
  .max(1_000_000, 'That is more stock than the shop can hold.');

const routeName = z
  .string()
  .trim()
  .max(ROUTE_NAME_MAX, `The address is at most ${ROUTE_NAME_MAX} characters.`)
  .regex(
    ROUTE_NAME,
    'The address is lower-case letters, digits and single hyphens, as in /shop/summer-hats.',
  );

const productFields = {
  name: text(120, 'The name is at most 120 characters.').min(1, 'Give the product a name.'),
  description: text(2000, 'The description is at most 2000 characters.'),
  price,
  collection: z.string('Choose a collection.').trim().min(1, 'Choose a collection.').max(80),
  imageUrl: imageUrl('item'),
  colour: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^[a-z]{1,24}$/, 'The colour is one word, such as brown or multi.'),
  sizeKind: z
    .enum(['hat', 'shoe', 'clothing'], 'The sizes are hat, shoe, clothing or none.')
    .nullable(),
  sizes: z
    .array(
      z.strictObject({ size: z.string().max(20), stock: pieces }),
      'Give the stock of each size.',
    )
    .max(20),
};

const newProduct = z.strictObject({
  ...productFields,
  description: productFields.description.default(''),
});

const productPatch = z
  .strictObject({
    ...Object.fromEntries(
      Object.entries(productFields).map(([name, schema]) => [name, schema.optional()]),
    ),
    // Some sizes' stock, the others kept (the first edit the back office had).
    stock: z.record(z.string().max(20), pieces).optional(),
  } as { [K in keyof typeof productFields]: z.ZodOptional<(typeof productFields)[K]> } & {
    stock: z.ZodOptional<z.ZodRecord<z.ZodString, typeof pieces>>;
  })
  .refine(
    (patch) => Object.values(patch).some((value) => value !== undefined),
    'Give something to change.',
  )
  .refine(
    (patch) => patch.sizes === undefined || patch.stock === undefined,
    'Give the sizes whole or some sizes’ stock, not both.',
  );

const productQuery = z.strictObject({
  q: z.string().trim().max(120, 'Search for at most 120 characters.').optional(),
  collection: z.string().trim().max(80).optional(),
  state: z.enum(PRODUCT_STATES, 'The state is on-sale, archived or all.').default('on-sale'),
  stock: z.enum(STOCK_FILTERS, 'The stock filter is sold-out or low.').optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});

const title = text(80, 'The title is at most 80 characters.').min(
  1,
  'Give the collection a title.',
);
const tileSize = z.enum(['large'], 'The tile is large or normal (null).').nullable();

const newCollection = z.strictObject({
  title,
  routeName: routeName.optional(),
  imageUrl: imageUrl('section').optional(),
  size: tileSize.optional(),
});

const collectionPatch = z
  .strictObject({
    title: title.optional(),
    routeName: routeName.optional(),
    imageUrl: imageUrl('section').optional(),
    size: tileSize.optional(),
  })
  .refine(
    (patch) => Object.values(patch).some((value) => value !== undefined),
    'Give something to change.',
  );

const ids = z
  .array(z.number().int().min(1), 'List the collections’ ids in their new order.')
  .max(1000);
const collectionOrder = z
  .strictObject({ overview: ids.optional(), directory: ids.optional() })
  .refine(
    (order) => order.overview !== undefined || order.directory !== undefined,
    'Give the shop overview’s order, the home directory’s, or both.',
  );

/** A route's numeric id, or undefined (then it is no product or collection: 404). */
const idOf = (param: string) => {
  const id = Number(param);
  return /^[1-9][0-9]{0,8}$/.test(param) ? id : undefined;
};

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
  { actorOf, invalid }: BackOfficeKit,
  { catalogueAdmin: catalogue, pictureStored, audit }: CatalogueAdminDeps,
) {
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
        return reply.status(400).send({ code: 'VALIDATION_ERROR', message: outcome.message });
      case 'taken':
        return reply.status(409).send({ code: 'ROUTE_TAKEN', message: outcome.message });
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

  app.get(`${BACK_OFFICE_API}/products`, async (request, reply) => {
    const parsed = productQuery.safeParse(request.query);
    if (!parsed.success) return invalid(reply, parsed.error);
    const { q, collection, state, stock, page } = parsed.data;
    const { products, total } = await catalogue.listProducts({
      q: q || undefined,
      collection: collection || undefined,
      state,
      stock,
      limit: PAGE_SIZE,
      offset: (page - 1) * PAGE_SIZE,
    });
    return { products, total, page, pageSize: PAGE_SIZE };
  });

  const productSubject = (product: { id: number }) => `product:${product.id}`;

  app.post(`${BACK_OFFICE_API}/products`, async (request, reply) => {
    const parsed = newProduct.safeParse(request.body ?? {});
    if (!parsed.success) return invalid(reply, parsed.error);
    const problem = await pictureProblem(parsed.data.imageUrl, 'item');
    if (problem) return refuse(reply, problem);
    return answer(request, reply, await catalogue.createProduct(parsed.data), {
      action: 'product.create',
      subject: productSubject,
      missing: NO_PRODUCT,
    });
  });

  app.get<{ Params: { id: string } }>(`${BACK_OFFICE_API}/products/:id`, async (request, reply) => {
    const id = idOf(request.params.id);
    const product = id === undefined ? undefined : await catalogue.product(id);
    return product ?? notFound(reply, NO_PRODUCT);
  });

  app.patch<{ Params: { id: string } }>(
    `${BACK_OFFICE_API}/products/:id`,
    async (request, reply) => {
      // No such product first: a path that is no product's is a 404 whatever its body.
      const id = idOf(request.params.id);
      if (id === undefined) return notFound(reply, NO_PRODUCT);
      const parsed = productPatch.safeParse(request.body ?? {});
      if (!parsed.success) return invalid(reply, parsed.error);
      const problem = await pictureProblem(parsed.data.imageUrl, 'item');
      if (problem) return refuse(reply, problem);
      return answer(request, reply, await catalogue.updateProduct(id, parsed.data), {
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

  app.get(`${BACK_OFFICE_API}/collections`, async () => ({
    collections: await catalogue.collections(),
  }));

  const collectionSubject = (collection: { id: number }) => `collection:${collection.id}`;

  app.post(`${BACK_OFFICE_API}/collections`, async (request, reply) => {
    const parsed = newCollection.safeParse(request.body ?? {});
    if (!parsed.success) return invalid(reply, parsed.error);
    const problem = await pictureProblem(parsed.data.imageUrl, 'section');
    if (problem) return refuse(reply, problem);
    return answer(request, reply, await catalogue.createCollection(parsed.data), {
      action: 'collection.create',
      subject: collectionSubject,
      missing: NO_COLLECTION,
    });
  });

  app.patch<{ Params: { id: string } }>(
    `${BACK_OFFICE_API}/collections/:id`,
    async (request, reply) => {
      // No such collection first: a path that is no collection's is a 404 whatever its body.
      const id = idOf(request.params.id);
      if (id === undefined) return notFound(reply, NO_COLLECTION);
      const parsed = collectionPatch.safeParse(request.body ?? {});
      if (!parsed.success) return invalid(reply, parsed.error);
      const problem = await pictureProblem(parsed.data.imageUrl, 'section');
      if (problem) return refuse(reply, problem);
      return answer(request, reply, await catalogue.updateCollection(id, parsed.data), {
        action: 'collection.edit',
        subject: collectionSubject,
        missing: NO_COLLECTION,
      });
    },
  );

  app.put(`${BACK_OFFICE_API}/collection-order`, async (request, reply) => {
    const parsed = collectionOrder.safeParse(request.body ?? {});
    if (!parsed.success) return invalid(reply, parsed.error);
    return answer(request, reply, await catalogue.reorderCollections(parsed.data), {
      action: 'collections.reorder',
      subject: () => 'collections',
      missing: NO_COLLECTION,
    });
  });
}
