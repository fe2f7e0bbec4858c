import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { signInBodySchema, signUpBodySchema } from '#shared/auth-schemas.ts';
import { AUTH_BASE_PATH, type Auth } from './auth.ts';
import { createAttemptLimiter } from '#server/platform/attempt-limiter.ts';
import type { Config } from '#server/config.ts';
import { sendWebResponse, toWebRequest } from '#server/platform/http/web-request.ts';

interface AuthRoutesOptions {
  auth: Auth;
  config: Config;
}

const FIFTEEN_MINUTES_MS = 15 * 60_000;

/** The first problem zod found, in words for the shopper. */
function validationError(reply: FastifyReply, error: z.ZodError) {
  const message = error.issues[0]?.message ?? 'Check the form and try again.';
  return reply.status(400).send({ code: 'VALIDATION_ERROR', message, issues: error.issues });
}

/**
 * better-auth's endpoints under /api/auth, behind the shop's own checks: strict bodies for
 * sign-in and sign-up (unknown fields refused), and limits per IP and per account on both.
 */
export async function authRoutes(app: FastifyInstance, { auth, config }: AuthRoutesOptions) {
  await app.register(rateLimit, { global: false });
  const perAccount = createAttemptLimiter({
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
      const parsed = schema.safeParse(request.body);
      if (!parsed.success) return validationError(reply, parsed.error);
      const wait = perAccount.hit(parsed.data.email);
      if (wait > 0) {
        request.log.warn({ url: request.url }, 'account attempt limit reached');
        return reply
          .status(429)
          .header('retry-after', String(wait))
          .send({
            code: 'TOO_MANY_ATTEMPTS',
            message: `Too many attempts for this account. Try again in ${Math.ceil(wait / 60)} minutes.`,
          });
      }
      request.body = parsed.data;
      return forward(request, reply);
    };

  const perIp = {
    rateLimit: {
      max: config.AUTH_IP_LIMIT_PER_MINUTE,
      timeWindow: 60_000,
      errorResponseBuilder: (_request: FastifyRequest, context: { after: string }) => ({
        statusCode: 429,
        code: 'TOO_MANY_ATTEMPTS',
        message: `Too many attempts from your network. Try again in ${context.after}.`,
      }),
    },
  };

  app.post(`${AUTH_BASE_PATH}/sign-in/email`, { config: perIp }, guarded(signInBodySchema));
  app.post(`${AUTH_BASE_PATH}/sign-up/email`, { config: perIp }, guarded(signUpBodySchema));
  app.route({ method: ['GET', 'POST'], url: `${AUTH_BASE_PATH}/*`, handler: forward });
}
