import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createProfileHub } from './profile-hub.ts';
import { createProfileRepository } from './profile-repository.ts';
import { profilesRoutes } from './profiles-routes.ts';
import { createProfileService, type ProfileService } from './profiles-service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The users/{uid} documents, each change told to every open tab on every server. */
    profiles: ProfileService;
  }
}

/** The users/{uid} documents and their live events (ADR 031). */
export const profilesModule = fp(
  async (app: FastifyInstance) => {
    const repository = createProfileRepository(app.database.db);
    const profiles = createProfileService({
      repository,
      hub: createProfileHub({
        notifications: app.notifications,
        find: repository.find,
        log: app.log,
      }),
    });
    app.decorate('profiles', profiles);
    await app.register(profilesRoutes, { accounts: app.accounts, profiles });
  },
  { name: 'profiles', dependencies: ['platform', 'accounts'] },
);
