import type { FastifyError, FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { pictureQuery } from '#shared/back-office-schemas.ts';
import { pictureAnswerSchema } from '#shared/back-office-api.ts';
import { apiErrorSchema } from '#shared/api-errors.ts';
import { errorBody } from '#server/platform/http/error-handler.ts';
import type { AuditService } from '#server/modules/audit/audit-service.ts';
import {
  MAX_PICTURE_BYTES,
  PICTURE_CONTENT_TYPES,
  type PictureService,
} from '#server/modules/pictures/pictures-service.ts';
import { BACK_OFFICE_API, type BackOfficeKit, type BackOfficeRoute } from './backoffice-kit.ts';

export const PICTURE_ROUTES: readonly BackOfficeRoute[] = [
  { method: 'POST', url: `${BACK_OFFICE_API}/pictures`, needs: 'staff' },
];

export interface PictureAdminDeps {
  /** The pictures module's upload: encodes and stores, or finds the same picture stored. */
  uploadPicture: PictureService['upload'];
  audit: AuditService;
}

const TOO_LARGE = `A picture can be at most ${MAX_PICTURE_BYTES / 1024 / 1024} MB. Make it smaller and upload it again.`;

/**
 * `POST /api/admin/pictures?kind=item|section|logo` (ADR 046): the body is the picture's bytes as the
 * browser read them from the file, sent with its type (image/jpeg, png, webp or avif), at most
 * MAX_PICTURE_BYTES. 201 `{ imageUrl }` once encoded and stored (200 with the same answer when
 * that picture was uploaded before), 400 for a file that is not a picture the shop can use, 413
 * for one too large.
 *
 * In a scope of its own, so that only this route reads raw bodies of that size: every other
 * route keeps the server's 16 KiB limit and JSON.
 */
export function pictureAdminRoutes(
  app: FastifyInstance,
  { kit: { actorOf }, uploadPicture, audit }: PictureAdminDeps & { kit: BackOfficeKit },
): Promise<void> {
  void app.register((scope, _options, done) => {
    // Whatever it is labelled, the body arrives as bytes and the decoder says what it is.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      '*',
      { parseAs: 'buffer', bodyLimit: MAX_PICTURE_BYTES },
      (_request, body, parsed) => parsed(null, body),
    );
    scope.setErrorHandler((error: FastifyError, _request, reply) => {
      if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
        return reply.status(413).send(errorBody(413, 'TOO_LARGE', TOO_LARGE));
      }
      // The shop's own answer for everything else (error-handler.ts).
      throw error;
    });

    scope.withTypeProvider<ZodTypeProvider>().post(
      `${BACK_OFFICE_API}/pictures`,
      {
        bodyLimit: MAX_PICTURE_BYTES,
        schema: {
          querystring: pictureQuery,
          response: { 200: pictureAnswerSchema, 201: pictureAnswerSchema, '4xx': apiErrorSchema },
        },
      },
      async (request, reply) => {
        const { kind } = request.query;
        const type = (request.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase();
        if (!Buffer.isBuffer(request.body) || !PICTURE_CONTENT_TYPES.includes(type ?? '')) {
          return reply
            .status(400)
            .send(errorBody(400, 'NOT_A_PICTURE', 'Upload a JPEG, PNG, WebP or AVIF picture.'));
        }
        const actor = actorOf(request);
        const outcome = await uploadPicture(request.body, kind, actor.id);
        if (outcome.kind === 'not_a_picture') {
          return reply.status(400).send(errorBody(400, 'NOT_A_PICTURE', outcome.message));
        }
        if (outcome.kind === 'stored') {
          await audit.record(actor, 'picture.upload', `picture:${outcome.id}`, null, {
            imageUrl: outcome.imageUrl,
            kind: kind,
            bytes: request.body.length,
          });
        }
        return reply
          .status(outcome.kind === 'stored' ? 201 : 200)
          .send({ imageUrl: outcome.imageUrl });
      },
    );
    done();
  });
  return Promise.resolve();
}
