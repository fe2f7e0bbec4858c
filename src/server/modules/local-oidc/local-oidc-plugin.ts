import fastifyCookie from '@fastify/cookie';
import fastifyFormBody from '@fastify/formbody';
import type { FastifyInstance } from 'fastify';
import type { Provider } from 'oidc-provider';
import type { Limiter } from '#server/platform/rate-limit.ts';
import { createLocalProvider, type LocalOidcClient } from './create-local-provider.ts';
import { interactionRoutes } from './interaction-routes.ts';
import { createKnownAccountsCookie } from './known-accounts-cookie.ts';
import type { LocalOidcService } from './local-oidc-service.ts';
import { providerMount } from './provider-mount.ts';
import type { ProviderState } from './provider-state-repository.ts';

export interface LocalOidcOptions {
  /** e.g. http://localhost:3000/oidc; the plugin serves everything under that path. */
  issuer: string;
  clients: LocalOidcClient[];
  accounts: LocalOidcService;
  /** Its sessions, codes, tokens and signing key (provider-state-repository.ts). */
  state: ProviderState;
  /** Secrets (16+ characters each) signing the provider's cookies; the first one signs. */
  cookieKeys: string[];
  /** True when the shop is served over HTTPS: the provider's cookies get the Secure flag. */
  secureCookies: boolean;
  /** Password attempts on the sign-in form, per IP. */
  loginLimiter: Limiter;
  /** The name of the app the pages say the person continues to (the shop's, as it is now). */
  appName?: () => Promise<string>;
}

const MIN_KEY_LENGTH = 16;
/** The forms hold an email, a name and a password: a few KB at most. */
const FORM_BODY_LIMIT = 16 * 1024;

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

  if (opts.cookieKeys.length === 0 || opts.cookieKeys.some((key) => key.length < MIN_KEY_LENGTH)) {
    throw new Error(`cookieKeys needs at least one secret, each of ${MIN_KEY_LENGTH}+ characters`);
  }
  // In this plugin's context only: the shop's own cookies are better-auth's business.
  await app.register(fastifyCookie, { secret: opts.cookieKeys });
  await app.register(fastifyFormBody, { bodyLimit: FORM_BODY_LIMIT });
  const knownAccounts = createKnownAccountsCookie({
    path: issuerPath,
    secure: opts.secureCookies,
  });
  // oidc-provider is made, and loaded, on the first request under the issuer's path, not at start:
  // most runs of the shop never use the stand-in, and it holds some 20 MiB (ADR 026).
  let making: Promise<Provider> | undefined;
  const provider = () => {
    making ??= createLocalProvider({ ...opts, interactionBasePath }).then(
      (made) => {
        made.on('server_error', (_ctx, error) => {
          app.log.error({ err: error }, 'local OpenID provider failed');
        });
        return made;
      },
      (error: unknown) => {
        // The next request tries again.
        making = undefined;
        throw error;
      },
    );
    return making;
  };

  await app.register(interactionRoutes, {
    provider,
    accounts: opts.accounts,
    knownAccounts,
    interactionBasePath,
    loginLimiter: opts.loginLimiter,
    appName: opts.appName,
  });
  const publicProtocol = new URL(opts.issuer).protocol === 'https:' ? 'https' : 'http';
  await app.register(providerMount, { provider, issuerPath, publicProtocol });
}
