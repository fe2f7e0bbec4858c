import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from '#shared/zod.ts';
import {
  authRefusalSchema,
  sessionAnswerSchema,
  signedInAnswerSchema,
  signedOutAnswerSchema,
  signInBodySchema,
  signUpBodySchema,
} from '#shared/auth-schemas.ts';
import { AUTH_BASE_PATH } from './auth-settings.ts';
import type { LoadAuth } from './lazy-auth.ts';
import { GOOGLE_PROVIDER_ID } from './google-provider.ts';
import { withoutSessionSecrets } from './session-secrets.ts';
import { withSignedInHint } from './signed-in-hint.ts';
import type { Config } from '#server/config.ts';
import { sendWebResponse, toWebRequest } from '#server/platform/http/web-request.ts';
import { type CreateLimiter, waitInWords } from '#server/platform/rate-limit.ts';

interface AuthRoutesOptions {
  auth: LoadAuth;
  config: Config;
  createLimiter: CreateLimiter;
  /**
   * Runs on every shop sign-out, before better-auth answers: app.ts ends the local Google
   * stand-in's session here, so the next person at the computer is asked for a password.
   */
  onSignOut?: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
}

const FIFTEEN_MINUTES_MS = 15 * 60_000;

/** Sign-out takes no fields: an empty JSON object, or no body at all. */
const signOutBodySchema = z.strictObject({}).optional();

// better-auth's answers are forwarded as bytes, never re-serialized: these schemas describe them.
const refusals = {
  400: authRefusalSchema,
  401: authRefusalSchema,
  403: authRefusalSchema,
  422: authRefusalSchema,
  429: authRefusalSchema,
};

function tooMany(reply: FastifyReply, waitSeconds: number, message: string) {
  return reply
    .status(429)
    .header('retry-after', String(waitSeconds))
    .send({ code: 'TOO_MANY_ATTEMPTS', message });
}

/** The request's path as the client spelled it, before any decoding or normalising. */
function rawPath(request: FastifyRequest): string {
  const url = request.raw.url ?? '';
  const query = url.indexOf('?');
  return query === -1 ? url : url.slice(0, query);
}

/**
 * The only better-auth endpoints the shop uses, each behind the shop's own checks: strict
 * bodies and limits per IP and per account on sign-in and sign-up, an empty body on sign-out,
 * no body on the reads. Everything else under /api/auth (update-user, change-password,
 * link-social, …) is not routed and answers the JSON 404. Sign-in with Google starts in
 * google-popup-routes.ts, which calls better-auth in-process, and ends at the callback here.
 *
 * A request reaches an endpoint only when its path is spelled exactly as routed: better-auth
 * resolves `./`, `x/../`, `%2e` and `\` itself, so any other spelling could reach it by a path
 * these checks do not see. Such spellings answer 404, and better-auth is always handed the
 * endpoint's own path, never the client's.
 */
export function authRoutes(
  app: FastifyInstance,
  { auth, config, createLimiter, onSignOut }: AuthRoutesOptions,
): Promise<void> {
  const secure = config.PUBLIC_URL.startsWith('https://');
  const perIp = createLimiter({
    name: 'sign-in-ip',
    max: config.AUTH_IP_LIMIT_PER_MINUTE,
    windowMs: 60_000,
  });
  const perAccount = createLimiter({
    name: 'sign-in-account',
    max: config.AUTH_ACCOUNT_LIMIT_PER_15_MINUTES,
    windowMs: FIFTEEN_MINUTES_MS,
  });

  // Hooks of this plugin apply to its routes only.
  app.addHook('onRequest', (request, reply, done) => {
    if (rawPath(request) !== request.routeOptions.url) {
      reply.callNotFound();
      return;
    }
    done();
  });

  const forward = async (request: FastifyRequest, reply: FastifyReply) => {
    const url = request.raw.url ?? '';
    const query = url.includes('?') ? url.slice(url.indexOf('?')) : '';
    const path = `${request.routeOptions.url ?? AUTH_BASE_PATH}${query}`;
    const response = await (await auth()).handler(toWebRequest(request, config.PUBLIC_URL, path));
    if (response.status >= 400) {
      request.log.warn({ status: response.status, url: path }, 'auth request refused');
    }
    const answer = await withoutSessionSecrets(response);
    return sendWebResponse(reply, await withSignedInHint(request, answer, secure));
  };

  // The per-IP limit comes before the body, so a flood is refused whatever it sends.
  const ipFirst = async (request: FastifyRequest, reply: FastifyReply) => {
    const ipWait = await perIp.hit(request, request.ip);
    if (ipWait === 0) return undefined;
    return tooMany(
      reply,
      ipWait,
      `Too many attempts from your network. Try again in ${waitInWords(ipWait)}.`,
    );
  };
  const perAccountThenForward = async (
    request: FastifyRequest<{ Body: { email: string } }>,
    reply: FastifyReply,
  ) => {
    const wait = await perAccount.hit(request, request.body.email);
    if (wait > 0) {
      request.log.warn({ url: request.url }, 'account attempt limit reached');
      return tooMany(
        reply,
        wait,
        `Too many attempts for this account. Try again in ${waitInWords(wait)}, or choose a new password with "Forgot password?".`,
      );
    }
    return forward(request, reply);
  };

  const api = app.withTypeProvider<ZodTypeProvider>();
  api.post(
    `${AUTH_BASE_PATH}/sign-in/email`,
    {
      schema: { body: signInBodySchema, response: { 200: signedInAnswerSchema, ...refusals } },
      preValidation: ipFirst,
    },
    perAccountThenForward,
  );
  api.post(
    `${AUTH_BASE_PATH}/sign-up/email`,
    {
      schema: { body: signUpBodySchema, response: { 200: signedInAnswerSchema, ...refusals } },
      preValidation: ipFirst,
    },
    perAccountThenForward,
  );
  api.post(
    `${AUTH_BASE_PATH}/sign-out`,
    { schema: { body: signOutBodySchema, response: { 200: signedOutAnswerSchema, ...refusals } } },
    async (request, reply) => {
      await onSignOut?.(request, reply);
      return forward(request, reply);
    },
  );
  app.get(
    `${AUTH_BASE_PATH}/get-session`,
    { schema: { response: { 200: sessionAnswerSchema } } },
    forward,
  );
  // Where Google (or the local stand-in) sends the popup back with the authorization code. It
  // only redirects: to the popup's end page, signed in or with the error.
  app.get(
    `${AUTH_BASE_PATH}/callback/${GOOGLE_PROVIDER_ID}`,
    {
      schema: {
        response: {
          302: z
            .null()
            .describe("To the popup's end page (/auth/popup-done), signed in or with ?error="),
        },
      },
    },
    forward,
  );
  // A Fastify plugin: registered with app.register, which waits for it.
  return Promise.resolve();
}
