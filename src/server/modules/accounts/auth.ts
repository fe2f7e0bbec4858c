import { betterAuth, type BetterAuthOptions } from 'better-auth';
import { genericOAuth } from 'better-auth/plugins/generic-oauth';
import type { Kysely } from 'kysely';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from '#shared/auth-schemas.ts';
import type { Config } from '#server/config.ts';
import { isPostgres } from '#server/platform/database/database.ts';
import type { Database } from '#server/platform/database/schema.ts';
import { googleProviderConfig } from './google-provider.ts';
import { POPUP_DONE_PATH } from './google-popup-routes.ts';
import { hashPassword, verifyPassword } from '#server/platform/passwords.ts';
import type { SessionEvents } from './session-events.ts';
import { AUTH_BASE_PATH, AUTH_COOKIE_PREFIX, SESSION_MAX_AGE_SECONDS } from './auth-settings.ts';

export interface AuthDependencies {
  config: Config;
  db: Kysely<Database>;
  /** The secret that signs sessions (see secrets.ts). */
  secret: string;
  localOidcClientSecret: string;
  /** Told of every deleted session (sign-out, revocation, password change). */
  sessionEvents?: SessionEvents;
  /**
   * Told of every new account (sign-up, or a first sign-in with Google); the accounts module sends the
   * verification email from here. Its failure never fails the sign-up.
   */
  onUserCreated?: (user: { id: string; email: string; emailVerified: boolean }) => Promise<void>;
  /** Where better-auth's own messages go (platform/logger.ts); the console when not given. */
  logger?: BetterAuthOptions['logger'];
}

function authOptions({
  config,
  db,
  secret,
  localOidcClientSecret,
  sessionEvents,
  onUserCreated,
  logger,
}: AuthDependencies) {
  return {
    appName: 'CRWN Clothing',
    logger,
    baseURL: config.PUBLIC_URL,
    basePath: AUTH_BASE_PATH,
    secret,
    database: { db, type: isPostgres(db) ? ('postgres' as const) : ('sqlite' as const) },
    trustedOrigins: [config.PUBLIC_URL],
    session: { expiresIn: SESSION_MAX_AGE_SECONDS },
    // better-auth's own error page (/api/auth/error) is not routed: a sign-in that fails before
    // its state is read (an expired or forged state) ends on the popup's page, which reports it.
    onAPIError: { errorURL: POPUP_DONE_PATH },
    emailAndPassword: {
      enabled: true,
      autoSignIn: true,
      minPasswordLength: MIN_PASSWORD_LENGTH,
      maxPasswordLength: MAX_PASSWORD_LENGTH,
      password: {
        hash: hashPassword,
        verify: ({ hash, password }: { hash: string; password: string }) =>
          verifyPassword(hash, password),
      },
    },
    advanced: {
      cookiePrefix: AUTH_COOKIE_PREFIX,
      useSecureCookies: config.PUBLIC_URL.startsWith('https://'),
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax' as const },
    },
    // Sign-in and sign-up are limited per IP and per account by the server (rate-limits.ts);
    // better-auth's own limiter is per IP only and off outside production.
    rateLimit: { enabled: false },
    telemetry: { enabled: false },
    databaseHooks: {
      user: {
        create: {
          after: async (user: { id: string; email: string; emailVerified: boolean }) => {
            await onUserCreated?.(user);
          },
        },
      },
      session: {
        delete: {
          // Every way better-auth ends a session goes through here, one call per session row.
          after: async (session: { id: string; userId: string }) => {
            await sessionEvents?.publish({ sessionId: session.id, userId: session.userId });
          },
        },
      },
    },
    plugins: [genericOAuth({ config: [googleProviderConfig(config, localOidcClientSecret)] })],
  };
}

/**
 * The identity service: better-auth on the shop's own database. Import this module only through
 * `lazyAuth` (lazy-auth.ts): it loads better-auth, which a server needs only once a request
 * carries a session cookie or reaches /api/auth (ADR 049).
 */
export function createAuth(dependencies: AuthDependencies) {
  return betterAuth(authOptions(dependencies));
}

export type Auth = ReturnType<typeof createAuth>;

/**
 * The SQL better-auth would run to bring its tables (user, session, account, verification) up
 * to what it expects; empty when the shop's migrations made them all (020-auth-tables.ts). The
 * server never runs it: a test checks it is empty, so an upgrade of better-auth that needs a new
 * column fails that test until a migration of the shop's adds the column.
 */
export async function authSchemaChanges(dependencies: AuthDependencies): Promise<string[]> {
  const { getMigrations } = await import('better-auth/db/migration');
  const { compileMigrations, toBeCreated, toBeAdded, toBeAddedIndexes } = await getMigrations(
    authOptions(dependencies),
  );
  if (toBeCreated.length + toBeAdded.length + toBeAddedIndexes.length === 0) return [];
  return (await compileMigrations()).replace(/;$/, '').split(';\n\n');
}
