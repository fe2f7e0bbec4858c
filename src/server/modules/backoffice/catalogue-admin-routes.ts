import type { FastifyInstance } from 'fastify';
import { z } from '#shared/zod.ts';
import type { AuditService } from '#server/modules/audit/audit-service.ts';
import type { CatalogueService } from '#server/modules/catalogue/catalogue-service.ts';
import { BACK_OFFICE_API, type BackOfficeKit, type BackOfficeRoute } from './backoffice-kit.ts';

export const CATALOGUE_ROUTES: readonly BackOfficeRoute[] = [
  { method: 'PATCH', url: `${BACK_OFFICE_API}/products/:id`, needs: 'staff' },
];

export interface CatalogueAdminDeps {
  /** The catalogue module's edit of a product's price and stock. */
  editProduct: CatalogueService['editProduct'];
  audit: AuditService;
}

/** Prices in cents, stock per size: whole numbers the shop can sell. */
const productEdit = z
  .strictObject({
    price: z
      .number('The price is a number of cents.')
      .int('The price is whole cents.')
      .min(1, 'A price is at least 1 cent.')
      .max(10_000_000, 'That price is too high.')
      .optional(),
    stock: z
      .record(
        z.string().max(20),
        z
          .number()
          .int('Stock is a whole number.')
          .min(0, 'Stock cannot be below 0.')
          .max(1_000_000, 'That is more stock than the shop can hold.'),
      )
      .optional(),
  })
  .refine(
    (edit) => edit.price !== undefined || edit.stock !== undefined,
    'Give a price or stock to change.',
  );

/** The back office's products: price and stock per size, as one catalogue change. */
export function catalogueAdminRoutes(
  app: FastifyInstance,
  { actorOf, invalid }: BackOfficeKit,
  { editProduct, audit }: CatalogueAdminDeps,
) {
  app.patch<{ Params: { id: string } }>(
    `${BACK_OFFICE_API}/products/:id`,
    async (request, reply) => {
      const parsed = productEdit.safeParse(request.body ?? {});
      if (!parsed.success) return invalid(reply, parsed.error);
      const id = Number(request.params.id);
      const result = Number.isSafeInteger(id)
        ? await editProduct(id, parsed.data)
        : { kind: 'not_found' as const };
      if (result.kind === 'not_found') {
        return reply.status(404).send({ code: 'NOT_FOUND', message: 'No such product on sale.' });
      }
      if (result.kind === 'unknown_size') {
        return reply
          .status(400)
          .send({ code: 'VALIDATION_ERROR', message: `This product has no size ${result.size}.` });
      }
      await audit.record(
        actorOf(request),
        'product.edit',
        `product:${id}`,
        result.before,
        result.after,
      );
      return result.after;
    },
  );
}
