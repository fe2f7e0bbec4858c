/**
 * The part of oidc-provider 9's API that the local OpenID provider uses. The package ships no
 * types and @types/oidc-provider is not installed; shapes follow node_modules/oidc-provider/lib.
 * Remove this file if @types/oidc-provider is ever added.
 */
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  /** What an adapter stores for one model instance (token, session, interaction, grant...). */
  export interface AdapterPayload {
    [key: string]: unknown;
    grantId?: string;
    uid?: string;
    userCode?: string;
    consumed?: number;
  }

  /** Storage for one model ('Session', 'Interaction', 'AuthorizationCode', ...). */
  export interface Adapter {
    upsert(id: string, payload: AdapterPayload, expiresIn?: number): Promise<void>;
    find(id: string): Promise<AdapterPayload | undefined>;
    findByUid(uid: string): Promise<AdapterPayload | undefined>;
    findByUserCode(userCode: string): Promise<AdapterPayload | undefined>;
    consume(id: string): Promise<void>;
    destroy(id: string): Promise<void>;
    revokeByGrantId(grantId: string): Promise<void>;
  }

  /** The Koa context oidc-provider hands to configuration callbacks (only what is used here). */
  export interface KoaContextWithOIDC {
    type: string;
    body: unknown;
    status: number;
  }

  export interface AccountClaims {
    sub: string;
    [claim: string]: unknown;
  }

  export interface Account {
    accountId: string;
    claims(
      use: 'id_token' | 'userinfo',
      scope: string,
      claims: Record<string, unknown>,
      rejected: string[],
    ): AccountClaims | Promise<AccountClaims>;
  }

  export interface ErrorOut {
    error: string;
    error_description?: string;
    state?: string;
    scope?: string;
  }

  export interface ClientMetadata {
    client_id: string;
    client_secret?: string;
    redirect_uris: string[];
    grant_types?: string[];
    response_types?: string[];
    token_endpoint_auth_method?: string;
    client_name?: string;
  }

  export interface CookieOptions {
    path?: string;
    httpOnly?: boolean;
    sameSite?: 'lax' | 'strict' | 'none';
    secure?: boolean;
    signed?: boolean;
  }

  export interface Client {
    clientId: string;
  }

  export interface Configuration {
    adapter?: (model: string) => Adapter;
    clients?: ClientMetadata[];
    findAccount?: (
      ctx: KoaContextWithOIDC,
      sub: string,
      token?: unknown,
    ) => Promise<Account | undefined> | Account | undefined;
    claims?: Record<string, string[] | null>;
    scopes?: string[];
    responseTypes?: string[];
    conformIdTokenClaims?: boolean;
    clientBasedCORS?: (ctx: KoaContextWithOIDC, origin: string, client: Client) => boolean;
    pkce?: { required?: (ctx: KoaContextWithOIDC, client: Client) => boolean };
    /** Extra properties of the discovery document. */
    discovery?: Record<string, unknown>;
    features?: Record<string, { enabled: boolean; [option: string]: unknown }>;
    interactions?: {
      policy?: interactionPolicy.Prompt[];
      url?: (ctx: KoaContextWithOIDC, interaction: Interaction) => string | Promise<string>;
    };
    cookies?: {
      keys?: string[];
      names?: { session?: string; interaction?: string; resume?: string };
      long?: CookieOptions;
      short?: CookieOptions;
    };
    jwks?: { keys: Record<string, unknown>[] };
    ttl?: Record<string, number>;
    renderError?: (ctx: KoaContextWithOIDC, out: ErrorOut, error: Error) => void | Promise<void>;
  }

  export interface PromptDetail {
    name: string;
    reasons: string[];
    details: Record<string, unknown>;
  }

  /** What an interaction ends with; each key resolves the prompt of the same name. */
  export interface InteractionResults {
    select_account?: Record<string, never>;
    login?: { accountId: string; remember?: boolean; amr?: string[]; acr?: string };
    consent?: { grantId?: string };
    error?: string;
    error_description?: string;
  }

  export interface Interaction {
    readonly uid: string;
    exp: number;
    prompt: PromptDetail;
    params: Record<string, unknown>;
    session?: { accountId: string; uid?: string; cookie?: string };
    grantId?: string;
    returnTo: string;
    persist(): Promise<string>;
  }

  export interface Grant {
    readonly jti: string;
    accountId?: string;
    clientId?: string;
    addOIDCScope(scope: string): void;
    addOIDCClaims(claims: string[]): void;
    addResourceScope(resource: string, scope: string): void;
    save(): Promise<string>;
  }

  export interface Session {
    accountId?: string;
    destroy(): Promise<void>;
  }

  export class Provider {
    constructor(issuer: string, configuration?: Configuration);
    readonly issuer: string;
    /** Koa's: trust X-Forwarded-Proto/Host (used for the cookies' Secure flag). */
    proxy: boolean;
    callback(): (req: IncomingMessage, res: ServerResponse) => Promise<void>;
    interactionDetails(req: IncomingMessage, res: ServerResponse): Promise<Interaction>;
    interactionResult(
      req: IncomingMessage,
      res: ServerResponse,
      result: InteractionResults,
      options?: { mergeWithLastSubmission?: boolean },
    ): Promise<string>;
    readonly Grant: {
      new (properties: { accountId: string; clientId: string }): Grant;
      find(id: string): Promise<Grant | undefined>;
    };
    readonly Session: {
      find(id: string): Promise<Session | undefined>;
      findByUid(uid: string): Promise<Session | undefined>;
    };
    on(event: 'server_error', listener: (ctx: KoaContextWithOIDC, error: Error) => void): this;
  }

  export namespace errors {
    class OIDCProviderError extends Error {
      error: string;
      error_description?: string;
      status: number;
    }
    class InvalidRequest extends OIDCProviderError {}
    class SessionNotFound extends InvalidRequest {}
  }

  export namespace interactionPolicy {
    class Check {
      constructor(
        reason: string,
        description: string,
        check: (ctx: KoaContextWithOIDC) => boolean | Promise<boolean>,
      );
      static readonly REQUEST_PROMPT: true;
      static readonly NO_NEED_TO_PROMPT: false;
    }

    class Prompt {
      constructor(options: { name: string; requestable?: boolean }, ...checks: Check[]);
      readonly name: string;
      readonly requestable: boolean;
    }

    interface DefaultPolicy extends Array<Prompt> {
      get(name: string): Prompt | undefined;
      add(prompt: Prompt, index?: number): void;
      remove(name: string): void;
      clear(): void;
    }

    function base(): DefaultPolicy;
  }

  export default Provider;
}
