import type { FastifyReply, FastifyRequest } from 'fastify';
import { PROVIDER_COOKIE_NAMES } from './create-local-provider.ts';
import type { ProviderState } from './provider-state-repository.ts';

export interface ProviderSessionsOptions {
  /** The issuer's path (e.g. /oidc), where the provider's session cookie lives. */
  issuerPath: string;
  secure: boolean;
  /** Where the provider keeps its sessions (the same state the local OpenID plugin is given). */
  state: ProviderState;
}

export interface ProviderSessions {
  /**
   * Ends this browser's session at the local provider: destroys it server-side and expires its
   * cookies (scoped to the issuer's path, so only a response can clear them for the shop).
   * For the shop's sign-out: without it the provider would vouch for the last shopper at the
   * next sign-in with Google. Safe to call without a session, and on a server that has not
   * loaded the provider: sessions are in the database.
   */
  endSession: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
}

/** The value of cookie `name` in a Cookie header (oidc-provider's ids need no decoding). */
function cookieValue(header: string | undefined, name: string): string | undefined {
  for (const pair of header?.split(';') ?? []) {
    const eq = pair.indexOf('=');
    if (eq > 0 && pair.slice(0, eq).trim() === name) return pair.slice(eq + 1).trim();
  }
  return undefined;
}

/**
 * The local provider's browser sessions, as the shop's sign-out needs them. Made by local-oidc-module.ts and
 * handed to the accounts routes' sign-out.
 */
export function createProviderSessions({
  issuerPath,
  secure,
  state,
}: ProviderSessionsOptions): ProviderSessions {
  const sessionCookie = PROVIDER_COOKIE_NAMES.session;
  // oidc-provider signs its cookies (Koa's cookies: a companion `.sig` cookie).
  const attributes = `Path=${issuerPath}; Expires=Thu, 01 Jan 1970 00:00:00 GMT; Max-Age=0; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
  const expired = [sessionCookie, `${sessionCookie}.sig`].map((name) => `${name}=; ${attributes}`);
  const sessions = state.adapter('Session');

  return {
    async endSession(request, reply) {
      // The id is the session's own unguessable key (oidc-provider's Session.find looks it up
      // the same way): whoever holds it may end that session.
      const sessionId = cookieValue(request.headers.cookie, sessionCookie);
      if (sessionId) await sessions.destroy(sessionId);
      reply.header('set-cookie', expired);
    },
  };
}
