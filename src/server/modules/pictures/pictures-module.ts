import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { picturesRoutes } from './pictures-routes.ts';
import { createPictureService, type PictureService } from './pictures-service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Pictures uploaded in the back office (ADR 046): stored, looked up, served. */
    pictures: PictureService;
  }
}

/** Pictures uploaded in the back office, served from the database to every server (ADR 046). */
export const picturesModule = fp(
  async (app: FastifyInstance) => {
    const pictures = createPictureService({ db: app.database.db });
    app.decorate('pictures', pictures);
    await app.register(picturesRoutes, { pictures });
  },
  { name: 'pictures', dependencies: ['platform'] },
);
