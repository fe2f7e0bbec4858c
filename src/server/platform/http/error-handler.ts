import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { STATUS_CODES } from 'node:http';
import { codeOfStatus, type ApiErrorBody } from '#shared/api-errors.ts';

/** What a caller reads when the server failed; the details go to the log, never to the caller. */
export const INTERNAL_ERROR_MESSAGE = 'Something went wrong on our side. Please try again.';

/** The code of every request a route's schema refused (ADR 054). */
export const VALIDATION_ERROR = 'VALIDATION_ERROR';

/** The API's one error body (ADR 054) for `status`, with `extra` fields for the caller. */
export function errorBody(
  status: number,
  code: string,
  message: string,
  extra: Record<string, unknown> = {},
): ApiErrorBody {
  return { ...extra, error: STATUS_CODES[status] ?? 'Error', message, code };
}

/**
 * One error answer for the whole server. A request its route's schema refused is a 400
 * `VALIDATION_ERROR` with the first problem in words; any other client's mistake that Fastify or
 * a plugin caught (bad JSON, a body too large, a 429) keeps its status, message and code;
 * anything else is logged with its stack and answered 500 with a generic message, so no internal
 * text (SQL, file paths) leaks.
 */
export function errorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const message = error.validation[0]?.message ?? 'Check the request and try again.';
      return reply.status(400).send(errorBody(400, VALIDATION_ERROR, message));
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const code = error.code || codeOfStatus(status, STATUS_CODES[status] ?? '');
      return reply.status(status).send(errorBody(status, code, error.message));
    }
    request.log.error({ err: error }, 'request failed');
    return reply
      .status(500)
      .header('cache-control', 'no-store')
      .send(errorBody(500, 'INTERNAL_ERROR', INTERNAL_ERROR_MESSAGE));
  });
}
