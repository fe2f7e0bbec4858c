import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { deriveSecret } from '#server/platform/secrets.ts';
import type { LocalOidcClient } from './create-local-provider.ts';
import { createLocalAccountRepository } from './local-account-repository.ts';
import { localOidcPlugin } from './local-oidc-plugin.ts';
import { createLocalOidcService } from './local-oidc-service.ts';
import { createProviderSessions, type ProviderSessions } from './provider-sessions.ts';
import { createProviderStateRepository } from './provider-state-repository.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The local stand-in for Google (ADR 009, 018), as the shop's sign-out needs it. */
    localOidc: {
      /** LOCAL_GOOGLE=on: the provider is served. */
      enabled: boolean;
      /** Ends this browser's session at the provider (safe without one). */
      endSession: ProviderSessions['endSession'];
    };
  }
}

export interface LocalOidcModuleOptions {
  /** Where the provider is served, e.g. /oidc. */
  issuerPath: string;
  /** The shop, as the provider's one client. */
  client: LocalOidcClient;
}

/**
 * The OpenID provider that stands in for Google offline, only when LOCAL_GOOGLE=on (ADR 018);
 * its state in the database, so every server carries on the same sign-ins (ADR 032).
 * Registered by the accounts module, whose sign-in with Google it answers.
 */
export const localOidcModule = fp(
  async (app: FastifyInstance, { issuerPath, client }: LocalOidcModuleOptions) => {
    const { config } = app;
    // Only when switched on (ADR 018); never quietly where real shoppers are.
    const enabled = config.LOCAL_GOOGLE === 'on';
    const secure = config.PUBLIC_URL.startsWith('https://');
    const state = createProviderStateRepository(app.database.db);
    const sessions = createProviderSessions({ issuerPath, secure, state });
    app.decorate('localOidc', { enabled, endSession: sessions.endSession });
    if (!enabled) return;
    if (config.NODE_ENV === 'production' || secure) {
      app.log.warn(
        `The local stand-in for Google runs at ${issuerPath} (LOCAL_GOOGLE=on): anyone can make an account on it. For real shoppers set GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET, or LOCAL_GOOGLE=off.`,
      );
    }
    await app.register(localOidcPlugin, {
      issuer: `${config.PUBLIC_URL}${issuerPath}`,
      clients: [client],
      accounts: createLocalOidcService(createLocalAccountRepository(app.database.db)),
      state,
      cookieKeys: [deriveSecret(app.secret, 'local-oidc-cookies')],
      secureCookies: secure,
      loginLimiter: app.createLimiter({
        name: 'google-stand-in-ip',
        max: config.AUTH_IP_LIMIT_PER_MINUTE,
        windowMs: 60_000,
      }),
      appName: async () => (await app.settings.settings()).name,
    });
  },
  { name: 'local-oidc', dependencies: ['platform', 'settings'] },
);
