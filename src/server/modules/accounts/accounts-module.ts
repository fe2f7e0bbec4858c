import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { localOidcModule } from '#server/modules/local-oidc/local-oidc-module.ts';
import { authLogger } from '#server/platform/logger.ts';
import { deriveSecret } from '#server/platform/secrets.ts';
import { accountRoutes } from './account-routes.ts';
import { createAccountSelfService } from './account-self-service.ts';
import {
  createAccountRolesService,
  createAccountsService,
  type AccountRolesService,
  type AccountsService,
} from './accounts-service.ts';
import type { AuthDependencies } from './auth.ts';
import { authRoutes } from './auth-routes.ts';
import { LOCAL_OIDC_CLIENT_ID, LOCAL_OIDC_PATH, googleCallbackUrl } from './google-provider.ts';
import { googlePopupRoutes } from './google-popup-routes.ts';
import { lazyAuth, type LoadAuth } from './lazy-auth.ts';
import { createSessionEvents } from './session-events.ts';
import { signedInHintRepair } from './signed-in-hint.ts';

/** A new account, as better-auth tells of it (sign-up, or a first sign-in with Google). */
export type CreatedUser = Parameters<NonNullable<AuthDependencies['onUserCreated']>>[0];

declare module 'fastify' {
  interface FastifyInstance {
    /** Who is signed in, and the end of sessions on every server. */
    accounts: AccountsService;
    /** Back-office roles on the shop's accounts (ADR 042). */
    accountRoles: AccountRolesService;
    /** better-auth, loaded on first use (ADR 049): for the accounts module's own plugins. */
    loadAuth: LoadAuth;
    /**
     * Calls `listener` after every new account is made, its failure logged and never the
     * sign-up's; returns the unsubscribe. How the verification email is sent once the
     * self-service exists, without a holder filled in later.
     */
    onUserCreated: (listener: (user: CreatedUser) => Promise<void>) => () => void;
  }
}

/**
 * Accounts (ADR 008, 049): better-auth behind the shop's routes, the Google popup and its local
 * stand-in, the signed-in hint cookie (ADR 022), and who is signed in for every other module.
 * What a shopper does with their account is `accountSelfServiceModule`, registered once the
 * modules it reaches exist.
 */
export const accountsModule = fp(
  async (app: FastifyInstance) => {
    const { config, database } = app;
    const localOidcClientSecret = deriveSecret(app.secret, 'local-oidc-client');
    const sessionEvents = createSessionEvents(app.notifications);
    const userCreated = new Set<(user: CreatedUser) => Promise<void>>();
    // Loaded with the first request that carries a session cookie or reaches /api/auth (ADR 049).
    const auth = lazyAuth({
      config,
      db: database.db,
      secret: app.secret,
      localOidcClientSecret,
      logger: authLogger(app.log, config.LOG_LEVEL),
      sessionEvents,
      // A listener's failure is logged, never the sign-up's.
      onUserCreated: async (user) => {
        for (const listener of userCreated) {
          try {
            await listener(user);
          } catch (error) {
            app.log.error({ err: error, userId: user.id }, 'new account listener failed');
          }
        }
      },
    });
    const accounts = createAccountsService(auth, sessionEvents);
    app.decorate('accounts', accounts);
    app.decorate('accountRoles', createAccountRolesService(auth, database.db));
    app.decorate('loadAuth', auth);
    app.decorate('onUserCreated', (listener: (user: CreatedUser) => Promise<void>) => {
      userCreated.add(listener);
      return () => userCreated.delete(listener);
    });

    await app.register(localOidcModule, {
      issuerPath: LOCAL_OIDC_PATH,
      client: {
        clientId: LOCAL_OIDC_CLIENT_ID,
        clientSecret: localOidcClientSecret,
        redirectUris: [googleCallbackUrl(config.PUBLIC_URL)],
      },
    });
    // An application hook, before every route added after it, pages included (ADR 022): so the
    // accounts module comes before every module with routes but the stand-in's.
    signedInHintRepair(app, { secure: config.PUBLIC_URL.startsWith('https://') });
    await app.register(authRoutes, {
      auth,
      config,
      createLimiter: app.createLimiter,
      // The shop's sign-out also signs the browser out of the stand-in.
      onSignOut: app.localOidc.enabled ? app.localOidc.endSession : undefined,
    });
    await app.register(googlePopupRoutes, {
      auth,
      config,
      available: app.localOidc.enabled || Boolean(config.GOOGLE_CLIENT_ID),
    });
  },
  { name: 'accounts', dependencies: ['platform', 'settings'] },
);

/**
 * The shopper's own account (ADR 041): verification, password reset, change of address, the
 * copy of their data and deletion, which reach the mail queue, profiles, orders and carts.
 * A plugin of its own because those modules' routes need `accounts` first; it sends the
 * verification email of every new account from here on.
 */
export const accountSelfServiceModule = fp(
  async (app: FastifyInstance) => {
    const { config, mail } = app;
    const selfService = createAccountSelfService({
      auth: app.loadAuth,
      db: app.database.db,
      publicUrl: config.PUBLIC_URL,
      log: app.log,
      queueMail: (eventKey, recipient, content) => mail.queue(eventKey, recipient, content),
      forgetMail: (recipient) => mail.forgetRecipient(recipient),
      profiles: app.profiles,
      orders: app.orders,
      carts: app.carts,
    });
    // Sign-ups cannot start before the server listens, so no account is made before this.
    app.onUserCreated(async (user) => {
      if (user.emailVerified) return;
      try {
        await selfService.sendVerification(user);
      } catch (error) {
        app.log.error({ err: error, userId: user.id }, 'verification email not queued');
      }
    });
    await app.register(accountRoutes, {
      accounts: app.accounts,
      selfService,
      createLimiter: app.createLimiter,
      ipLimitPerMinute: config.AUTH_IP_LIMIT_PER_MINUTE,
      accountLimitPer15Minutes: config.AUTH_ACCOUNT_LIMIT_PER_15_MINUTES,
      secureCookies: config.PUBLIC_URL.startsWith('https://'),
    });
  },
  {
    name: 'account-self-service',
    dependencies: ['accounts', 'mail', 'profiles', 'orders', 'carts'],
  },
);
