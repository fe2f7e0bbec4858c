import type { FastifyError, FastifyInstance } from 'fastify';
import { STATUS_CODES } from 'node:http';

/** What a caller reads when the server failed; the details go to the log, never to the caller. */
export const INTERNAL_ERROR_MESSAGE = 'Something went wrong on our side. Please try again.';

/**
 * One error answer for the whole server. A client's mistake that Fastify or a plugin caught (bad
 * JSON, a body too large, a 429) keeps its status and message; anything else is logged with its
 * stack and answered 500 with a generic message, so no internal text (SQL, file paths) leaks.
 */
export function errorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply
        .status(status)
        .send({ error: STATUS_CODES[status], message: error.message, code: error.code });
    }
    request.log.error({ err: error }, 'request failed');
    return reply
      .status(500)
      .header('cache-control', 'no-store')
      .send({ error: 'Internal Server Error', message: INTERNAL_ERROR_MESSAGE });
  });
}
