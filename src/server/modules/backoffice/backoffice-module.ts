import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { backOfficeRoutes } from './backoffice-routes.ts';

/** The back office's API (issue 14, ADR 042), under /api/admin: staff and owners only. */
export const backOfficeModule = fp(
  async (app: FastifyInstance) => {
    const { catalogueService: catalogue, pictures } = app;
    await app.register(backOfficeRoutes, {
      accounts: app.accounts,
      roles: app.accountRoles,
      orders: app.orders,
      audit: app.audit,
      lowStock: () => catalogue.lowStock(),
      catalogueAdmin: catalogue.admin,
      pictureStored: (imageUrl, kind) => pictures.isStored(imageUrl, kind),
      uploadPicture: (bytes, kind, uploadedBy) => pictures.upload(bytes, kind, uploadedBy),
      settings: app.settings,
      isLogoStored: (imageUrl) => pictures.isStored(imageUrl, 'logo'),
      createLimiter: app.createLimiter,
    });
  },
  {
    name: 'backoffice',
    dependencies: ['platform', 'settings', 'accounts', 'pictures', 'catalogue', 'orders', 'audit'],
  },
);
