import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { withMigrationLock } from '#server/platform/database/migrate.ts';
import { catalogueRoutes } from './catalogue-routes.ts';
import {
  createCatalogueService,
  seedCatalogue,
  type CatalogueService,
} from './catalogue-service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The catalogue's reader, writes, stock and back-office changes (ADR 034, 045). */
    catalogueService: CatalogueService;
  }
}

/** The catalogue in the database, as every page and the API read it (ADR 034). */
export const catalogueModule = fp(
  async (app: FastifyInstance) => {
    const { database } = app;
    // The spec's catalogue on first start only (ADR 034), one server at a time (ADR 029).
    await withMigrationLock(database, async () => {
      await seedCatalogue(database.db);
    });
    const catalogue = createCatalogueService({ db: database.db, notifications: app.notifications });
    app.addHook('onClose', () => catalogue.close());
    app.decorate('catalogueService', catalogue);
    app.decorate('catalogue', catalogue.reader);
    app.decorate('onCatalogueChange', catalogue.onCatalogueChange);
    await app.register(catalogueRoutes, { reader: catalogue.reader });
    // Every channel subscribed so far (settings, sessions, profiles, the catalogue) is listened
    // to before the modules after it write, so this server hears its own changes too.
    await app.notifications.ready();
  },
  { name: 'catalogue', dependencies: ['platform'] },
);
