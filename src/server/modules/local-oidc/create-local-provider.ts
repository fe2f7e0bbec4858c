import type { Account, Configuration, interactionPolicy, Provider } from 'oidc-provider';
import { messagePage } from './interaction-pages.ts';
import type { LocalAccount, LocalOidcService } from './local-oidc-service.ts';
import type { ProviderState } from './provider-state-repository.ts';

export interface LocalOidcClient {
  clientId: string;
  clientSecret: string;
  redirectUris: string[];
}

export interface LocalProviderOptions {
  issuer: string;
  clients: readonly LocalOidcClient[];
  accounts: LocalOidcService;
  /** Sessions, interactions, grants, codes, tokens and the signing key, in the database. */
  state: ProviderState;
  cookieKeys: string[];
  secureCookies: boolean;
  /** Path of the interaction pages, e.g. /oidc/interaction (the uid is appended). */
  interactionBasePath: string;
}

/** Names of oidc-provider's own cookies, prefixed so they are told apart from the shop's. */
export const PROVIDER_COOKIE_NAMES = {
  session: 'oidc_session',
  interaction: 'oidc_interaction',
  resume: 'oidc_interaction_resume',
} as const;

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * oidc-provider 9 only accepts `prompt=select_account` once the policy has a requestable prompt
 * of that name. It goes first, so it is asked even when a provider session already exists; its
 * only check is the one `requestable` adds (prompt requested and not yet resolved).
 */
async function interactionPolicyWithSelectAccount(): Promise<interactionPolicy.Prompt[]> {
  const { interactionPolicy } = await import('oidc-provider');
  const policy = interactionPolicy.base();
  policy.add(new interactionPolicy.Prompt({ name: 'select_account', requestable: true }), 0);
  return policy;
}

function accountClaims(account: LocalAccount): Account {
  return {
    accountId: account.sub,
    // oidc-provider keeps only the claims of the granted scopes (see `claims` below).
    claims: () => ({
      sub: account.sub,
      email: account.email,
      // This provider never sends mail, so it cannot vouch for the address.
      email_verified: false,
      name: account.name,
    }),
  };
}

/**
 * Builds the oidc-provider instance of the local stand-in for Google: authorization code flow
 * only, PKCE (S256) required, confidential first-party clients; its state, signing key and
 * accounts in the database, shared by every server of the shop (ADR 032).
 */
export async function createLocalProvider(options: LocalProviderOptions): Promise<Provider> {
  // Some 20 MiB once loaded: imported when a browser first uses the stand-in (ADR 026).
  const { Provider } = await import('oidc-provider');
  const issuerPath = new URL(options.issuer).pathname.replace(/\/$/, '');
  const cookieOptions = {
    path: issuerPath || '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: options.secureCookies,
  } as const;

  const configuration: Configuration = {
    adapter: (model) => options.state.adapter(model),
    clients: options.clients.map((client) => ({
      client_id: client.clientId,
      client_secret: client.clientSecret,
      redirect_uris: client.redirectUris,
      grant_types: ['authorization_code'],
      response_types: ['code'],
      // client_secret_post is accepted as well: oidc-provider treats the two as one family.
      token_endpoint_auth_method: 'client_secret_basic',
    })),
    async findAccount(_ctx, sub) {
      const account = await options.accounts.findBySub(sub);
      return account ? accountClaims(account) : undefined;
    },
    claims: {
      acr: null,
      auth_time: null,
      iss: null,
      sid: null,
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name'],
    },
    scopes: ['openid'],
    responseTypes: ['code'],
    // Like Google, put the profile claims in the ID token too, not only behind /userinfo.
    conformIdTokenClaims: false,
    pkce: { required: () => true },
    // Only the shop's server talks to the token and userinfo endpoints: no browser CORS.
    clientBasedCORS: () => false,
    features: {
      devInteractions: { enabled: false },
      pushedAuthorizationRequests: { enabled: false },
      rpInitiatedLogout: { enabled: false },
    },
    // oidc-provider does not list its prompts; say that the chooser is there.
    discovery: { prompt_values_supported: ['none', 'login', 'consent', 'select_account'] },
    interactions: {
      policy: await interactionPolicyWithSelectAccount(),
      url: (_ctx, interaction) => `${options.interactionBasePath}/${interaction.uid}`,
    },
    cookies: {
      keys: options.cookieKeys,
      names: PROVIDER_COOKIE_NAMES,
      long: cookieOptions,
      short: cookieOptions,
    },
    jwks: { keys: [await options.state.signingKey()] },
    // Numbers rather than the defaults' functions, which log a notice on every call.
    ttl: {
      AccessToken: HOUR,
      AuthorizationCode: MINUTE,
      IdToken: HOUR,
      Interaction: 30 * MINUTE,
      Session: 14 * DAY,
      Grant: 14 * DAY,
      RefreshToken: 14 * DAY,
    },
    renderError(ctx, out) {
      ctx.type = 'html';
      const detail = out.error_description ?? out.error;
      ctx.body = messagePage(
        'Sign-in failed',
        `The sign-in request could not be completed (${detail}). Close this window and try again.`,
      );
    },
  };

  const provider = new Provider(options.issuer, configuration);
  // Koa reads the client's address and protocol from X-Forwarded-For/-Proto, which
  // provider-mount.ts sets on every request from the server's own verdict (TRUST_PROXY and
  // PUBLIC_URL); whatever a client sent in those headers never reaches the provider.
  provider.proxy = true;
  return provider;
}
