import swagger from '@fastify/swagger';
import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySchemaCompiler } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
} from 'fastify-type-provider-zod';
import { STATUS_CODES } from 'node:http';
import { codeOfStatus } from '#shared/api-errors.ts';

/** Every path of the shop's API starts with this. */
export const API_PREFIX = '/api/';

/** Whether `url` (path and query) is the shop's API. */
export const isApiUrl = (url: string) => url.startsWith(API_PREFIX);

// A JSON route without a body reads as an empty object, as the routes always have: a missing
// body gets the schema's own message for its first missing field.
const validator: FastifySchemaCompiler<unknown> = (route) => {
  const check = validatorCompiler(route as Parameters<typeof validatorCompiler>[0]);
  if (route.httpPart !== 'body') return check;
  return (data) => check(data ?? {});
};

/**
 * The API's contract in one place (ADR 054): request bodies, queries and params checked by the
 * zod schemas each route declares (fastify-type-provider-zod), answers serialized through their
 * schemas, `Cache-Control: no-store` on every API answer that does not set its own caching (the
 * catalogue revalidates by ETag), and the one error body (`{ error, message, code }`) filled in
 * for any 4xx or 5xx that a route or plugin sent without it. The OpenAPI document of every /api
 * route, made from those schemas, is `app.swagger()` (served to staff by the back office).
 * Register it before any route, so it sees them all.
 */
export async function apiContract(app: FastifyInstance): Promise<void> {
  app.setValidatorCompiler(validator);
  app.setSerializerCompiler(serializerCompiler);
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'CRWN Clothing API',
        description:
          "The shop's API: the storefront's and the back office's (/api/admin). Errors are { error, message, code } (ADR 054).",
        version: '1',
      },
    },
    // Only the API: pages, files and the card provider's stand-in are not part of it.
    transform: (route) =>
      isApiUrl(route.url) ? jsonSchemaTransform(route) : { schema: { hide: true }, url: route.url },
  });
  app.addHook('preSerialization', async (request, reply, payload) => {
    if (reply.statusCode < 400 || !isApiUrl(request.url)) return payload;
    if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) return payload;
    const body = payload as Record<string, unknown>;
    const statusText = STATUS_CODES[reply.statusCode] ?? '';
    return {
      ...body,
      error: typeof body.error === 'string' ? body.error : statusText,
      message: typeof body.message === 'string' ? body.message : statusText,
      code: typeof body.code === 'string' ? body.code : codeOfStatus(reply.statusCode, statusText),
    };
  });
  app.addHook('onSend', async (request, reply, payload) => {
    if (isApiUrl(request.url) && (reply.statusCode >= 400 || !reply.hasHeader('cache-control'))) {
      reply.header('cache-control', 'no-store');
    }
    return payload;
  });
}

/**
 * A check that must come before a route's schema (a session, a limit: the anonymous get 401
 * whatever their body), as a `preValidation` hook, and what it found, for the handler. `find`
 * answers the value, or undefined once it has sent the refusal.
 */
export function checkedFirst<T, Request extends FastifyRequest = FastifyRequest>(
  find: (request: Request, reply: FastifyReply) => Promise<T | undefined>,
) {
  const found = new WeakMap<FastifyRequest, T>();
  return {
    hook: async (request: Request, reply: FastifyReply) => {
      const value = await find(request, reply);
      if (value === undefined) return reply;
      found.set(request, value);
      return undefined;
    },
    /** What the hook found; throws when the route was registered without the hook. */
    of: (request: FastifyRequest): T => {
      const value = found.get(request);
      if (value === undefined) throw new Error(`${request.url} reached without its check`);
      return value;
    },
  };
}
