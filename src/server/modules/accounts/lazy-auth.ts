import type { Auth, AuthDependencies } from './auth.ts';

/** better-auth, made on the first call; every call resolves with the same instance. */
export type LoadAuth = () => Promise<Auth>;

/**
 * better-auth as the server uses it: imported and made on the first request that needs it (one
 * with a session cookie, or under /api/auth), not at start. A shopper who never signs in costs
 * the server nothing of it: better-auth and what it loads hold some 15 MiB (ADR 049). Its
 * tables are made by the shop's migrations (020-auth-tables.ts), so nothing at start needs it.
 */
export function lazyAuth(dependencies: AuthDependencies): LoadAuth {
  let making: Promise<Auth> | undefined;
  return () => {
    making ??= import('./auth.ts')
      .then(({ createAuth }) => createAuth(dependencies))
      .catch((error: unknown) => {
        // The next request tries again.
        making = undefined;
        throw error;
      });
    return making;
  };
}

/** better-auth's internal adapter (users, accounts, sessions), loading better-auth if need be. */
export const internalAdapterOf = async (auth: LoadAuth) =>
  (await (await auth()).$context).internalAdapter;
