import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createSettingsService, type SettingsService } from './settings-service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The shop's name and contact details (ADR 048), which pages, emails and the widget show. */
    settings: SettingsService;
  }
}

/** The shop's settings, read through a copy every server drops on a change (ADR 048). */
export const settingsModule = fp(
  (app: FastifyInstance) => {
    const settings = createSettingsService({
      db: app.database.db,
      notifications: app.notifications,
    });
    app.addHook('onClose', () => settings.close());
    app.decorate('settings', settings);
    return Promise.resolve();
  },
  { name: 'settings', dependencies: ['platform'] },
);
