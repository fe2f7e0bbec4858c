import type { FastifyInstance } from 'fastify';
import { UPLOADS_PATH, type PictureService } from './pictures-service.ts';

/** A picture's files never change: their names are made from the uploaded bytes. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Whether If-None-Match names `etag` (or is `*`), weak or strong. */
function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === '*' || tag === etag);
}

/**
 * `GET /images/uploads/<id>-<width>.<avif|webp|jpg>`: an uploaded picture's files (ADR 046),
 * from the database, so every server behind the load balancer has them. Cached for good by
 * browsers and proxies, with a strong ETag; 404 for any other name (never the shop's page: an
 * <img> cannot show it).
 */
export function picturesRoutes(
  app: FastifyInstance,
  { pictures }: { pictures: PictureService },
): Promise<void> {
  app.get<{ Params: { name: string } }>(`${UPLOADS_PATH}/:name`, async (request, reply) => {
    const variant = await pictures.variant(request.params.name);
    if (!variant) {
      return reply
        .status(404)
        .header('cache-control', 'no-store')
        .send({ error: 'Not Found', message: 'No such picture.' });
    }
    reply.header('cache-control', IMMUTABLE).header('etag', variant.etag);
    if (matches(request.headers['if-none-match'], variant.etag)) return reply.status(304).send();
    return reply.type(variant.contentType).send(variant.bytes);
  });
  return Promise.resolve();
}
