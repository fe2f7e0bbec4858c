import type { FastifyInstance } from 'fastify';
import { createLocalProvider, type LocalOidcClient } from './create-local-provider.ts';
import { interactionRoutes } from './interaction-routes.ts';
import { createKnownAccountsCookie } from './known-accounts-cookie.ts';
import type { LocalAccountRepository } from './local-account-repository.ts';
import { providerMount } from './provider-mount.ts';

export interface LocalOidcOptions {
  /** e.g. http://localhost:3000/oidc; the plugin serves everything under that path. */
  issuer: string;
  clients: LocalOidcClient[];
  accounts: LocalAccountRepository;
  /** Secrets (16+ characters each) signing the provider's cookies; the first one signs. */
  cookieKeys: string[];
  /** True behind HTTPS: cookies get the Secure flag and X-Forwarded-Proto is trusted. */
  secureCookies: boolean;
}

/**
 * The local OpenID Connect provider that stands in for Google offline: oidc-provider mounted
 * under the issuer's path, with an account chooser shown on every `prompt=select_account`.
 * Register it without a `prefix`: its paths come from `issuer`.
 */
export async function localOidcPlugin(app: FastifyInstance, opts: LocalOidcOptions): Promise<void> {
  const issuerPath = new URL(opts.issuer).pathname.replace(/\/$/, '');
  if (!issuerPath) {
    throw new Error(`The local OpenID issuer needs a path (like /oidc), got ${opts.issuer}`);
  }
  const interactionBasePath = `${issuerPath}/interaction`;

  const knownAccounts = createKnownAccountsCookie({
    keys: opts.cookieKeys,
    path: issuerPath,
    secure: opts.secureCookies,
  });
  const provider = await createLocalProvider({ ...opts, interactionBasePath });
  provider.on('server_error', (_ctx, error) => {
    app.log.error({ err: error }, 'local OpenID provider failed');
  });

  await app.register(interactionRoutes, {
    provider,
    accounts: opts.accounts,
    knownAccounts,
    interactionBasePath,
  });
  await app.register(providerMount, { provider, issuerPath });
}
