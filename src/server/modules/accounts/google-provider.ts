import type { GenericOAuthConfig } from 'better-auth/plugins/generic-oauth';
import type { Config } from '#server/config.ts';

/** The provider id the shop's client and callback URLs use, whoever stands behind it. */
export const GOOGLE_PROVIDER_ID = 'google';

/** Where the local stand-in for Google is served, under the shop's own origin. */
export const LOCAL_OIDC_PATH = '/oidc';
/** The shop's client at the local provider; the secret is derived from AUTH_SECRET. */
export const LOCAL_OIDC_CLIENT_ID = 'crwn-shop';

export function googleCallbackUrl(publicUrl: string): string {
  return `${publicUrl}/api/auth/callback/${GOOGLE_PROVIDER_ID}`;
}

/**
 * "Sign in with Google" through better-auth's generic OAuth plugin. With Google credentials in
 * the environment it is Google itself (found by discovery); without them, the local OpenID
 * provider this server runs. Either way the browser and better-auth take the same path, and the
 * account chooser is always asked for.
 */
export function googleProviderConfig(
  config: Config,
  localClientSecret: string,
): GenericOAuthConfig {
  const common = {
    providerId: GOOGLE_PROVIDER_ID,
    name: 'Google',
    scopes: ['openid', 'email', 'profile'] as string[],
    prompt: 'select_account',
    pkce: true,
    redirectURI: googleCallbackUrl(config.PUBLIC_URL),
  } as const;
  if (config.GOOGLE_CLIENT_ID && config.GOOGLE_CLIENT_SECRET) {
    return {
      ...common,
      discoveryUrl: 'https://accounts.google.com/.well-known/openid-configuration',
      clientId: config.GOOGLE_CLIENT_ID,
      clientSecret: config.GOOGLE_CLIENT_SECRET,
    };
  }
  // Endpoints are given outright: discovery would be a request to this very server before it
  // listens.
  const issuer = `${config.PUBLIC_URL}${LOCAL_OIDC_PATH}`;
  return {
    ...common,
    authorizationUrl: `${issuer}/auth`,
    tokenUrl: `${issuer}/token`,
    userInfoUrl: `${issuer}/me`,
    clientId: LOCAL_OIDC_CLIENT_ID,
    clientSecret: localClientSecret,
  };
}
