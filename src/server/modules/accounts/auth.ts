import { betterAuth, type BetterAuthOptions } from 'better-auth';
import { getMigrations } from 'better-auth/db/migration';
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

export const AUTH_BASE_PATH = '/api/auth';

/** How long a session lasts (better-auth's default, said here for the hint cookie, ADR 022). */
export const SESSION_MAX_AGE_SECONDS = 7 * 24 * 60 * 60;

interface AuthDependencies {
  config: Config;
  db: Kysely<Database>;
  /** The secret that signs sessions (see secrets.ts). */
  secret: string;
  localOidcClientSecret: string;
  /** Told of every deleted session (sign-out, revocation, password change). */
  sessionEvents?: SessionEvents;
  /**
   * Told of every new account (sign-up, or a first sign-in with Google); app.ts sends the
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
      cookiePrefix: 'crwn',
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

/** The identity service: better-auth on the shop's own database. */
export function createAuth(dependencies: AuthDependencies) {
  return betterAuth(authOptions(dependencies));
}

export type Auth = ReturnType<typeof createAuth>;

/** Creates or updates better-auth's tables (user, session, account, verification). */
export async function migrateAuthTables(dependencies: AuthDependencies): Promise<void> {
  const { runMigrations } = await getMigrations(authOptions(dependencies));
  await runMigrations();
}
