import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { signInBodySchema, signUpBodySchema } from '#shared/auth-schemas.ts';
import { AUTH_BASE_PATH, type Auth } from './auth.ts';
import type { Config } from '#server/config.ts';
import { sendWebResponse, toWebRequest } from '#server/platform/http/web-request.ts';
import { type CreateLimiter, waitInWords } from '#server/platform/rate-limit.ts';

interface AuthRoutesOptions {
  auth: Auth;
  config: Config;
  createLimiter: CreateLimiter;
  /**
   * Runs on every shop sign-out, before better-auth answers: app.ts ends the local Google
   * stand-in's session here, so the next person at the computer is asked for a password.
   */
  onSignOut?: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
}

const FIFTEEN_MINUTES_MS = 15 * 60_000;

/** The first problem zod found, in words for the shopper. */
function validationError(reply: FastifyReply, error: z.ZodError) {
  const message = error.issues[0]?.message ?? 'Check the form and try again.';
  return reply.status(400).send({ code: 'VALIDATION_ERROR', message, issues: error.issues });
}

function tooMany(reply: FastifyReply, waitSeconds: number, message: string) {
  return reply
    .status(429)
    .header('retry-after', String(waitSeconds))
    .send({ code: 'TOO_MANY_ATTEMPTS', message });
}

/**
 * better-auth's endpoints under /api/auth, behind the shop's own checks: strict bodies for
 * sign-in and sign-up (unknown fields refused), and limits per IP and per account on both.
 */
export function authRoutes(
  app: FastifyInstance,
  { auth, config, createLimiter, onSignOut }: AuthRoutesOptions,
): Promise<void> {
  const perIp = createLimiter({ max: config.AUTH_IP_LIMIT_PER_MINUTE, windowMs: 60_000 });
  const perAccount = createLimiter({
    max: config.AUTH_ACCOUNT_LIMIT_PER_15_MINUTES,
    windowMs: FIFTEEN_MINUTES_MS,
  });

  const forward = async (request: FastifyRequest, reply: FastifyReply) => {
    const response = await auth.handler(toWebRequest(request, config.PUBLIC_URL));
    if (response.status >= 400) {
      request.log.warn({ status: response.status, url: request.url }, 'auth request refused');
    }
    return sendWebResponse(reply, response);
  };

  const guarded =
    (schema: typeof signInBodySchema | typeof signUpBodySchema) =>
    async (request: FastifyRequest, reply: FastifyReply) => {
      const ipWait = await perIp.hit(request, request.ip);
      if (ipWait > 0) {
        return tooMany(
          reply,
          ipWait,
          `Too many attempts from your network. Try again in ${waitInWords(ipWait)}.`,
        );
      }
      const parsed = schema.safeParse(request.body);
      if (!parsed.success) return validationError(reply, parsed.error);
      const wait = await perAccount.hit(request, parsed.data.email);
      if (wait > 0) {
        request.log.warn({ url: request.url }, 'account attempt limit reached');
        return tooMany(
          reply,
          wait,
          `Too many attempts for this account. Try again in ${waitInWords(wait)}.`,
        );
      }
      request.body = parsed.data;
      return forward(request, reply);
    };

  app.post(`${AUTH_BASE_PATH}/sign-in/email`, guarded(signInBodySchema));
  app.post(`${AUTH_BASE_PATH}/sign-up/email`, guarded(signUpBodySchema));
  app.post(`${AUTH_BASE_PATH}/sign-out`, async (request, reply) => {
    await onSignOut?.(request, reply);
    return forward(request, reply);
  });
  app.route({ method: ['GET', 'POST'], url: `${AUTH_BASE_PATH}/*`, handler: forward });
  // A Fastify plugin: registered with app.register, which waits for it.
  return Promise.resolve();
}
