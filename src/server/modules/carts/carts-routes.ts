import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import {
  mergeCartBodySchema,
  replaceCartBodySchema,
  type CartConflictBody,
} from '#shared/carts.ts';
import type { AccountsService } from '#server/modules/accounts/accounts-service.ts';
import { type CreateLimiter, waitInWords } from '#server/platform/rate-limit.ts';
import type { CartService } from './carts-service.ts';

export interface CartsRoutesOptions {
  accounts: AccountsService;
  carts: CartService;
  createLimiter: CreateLimiter;
  /** Cart writes (replace or merge) one account may make a minute. */
  writesPerMinute: number;
}

function sendError(reply: FastifyReply, status: number, error: string, message: string) {
  return reply.status(status).header('cache-control', 'no-store').send({ error, message });
}

/**
 * The signed-in shopper's cart, kept with their account (issue 10, item 15; ADR 025). There is no
 * id in the path: a session reaches its own cart only, and the anonymous get 401.
 *
 * - `GET /api/cart`: the cart, priced from the catalogue (`CartDocument`; version 0 when empty
 *   and never saved).
 * - `PUT /api/cart`: replaces it with `{ version, lines }`; 200 with the saved cart, or 409
 *   `version_conflict` with the cart as it is now when `version` is not the current one.
 * - `POST /api/cart/merge`: merges `{ lines }` (a browser's cart at sign-in) into it; 200.
 *
 * Writes are limited per account; bad bodies (products not on sale now, quantities out of range,
 * prices or any other field) get 400 before anything is stored.
 */
export function cartsRoutes(
  app: FastifyInstance,
  { accounts, carts, createLimiter, writesPerMinute }: CartsRoutesOptions,
): Promise<void> {
  const writes = createLimiter({ name: 'cart-writes', max: writesPerMinute, windowMs: 60_000 });

  const signedIn = async (request: FastifyRequest, reply: FastifyReply) => {
    const user = await accounts.currentUser(request.headers);
    if (!user) await sendError(reply, 401, 'Unauthorized', 'Sign in to keep your cart.');
    return user;
  };

  /** The owner and their parsed body, or undefined once a 401, 429 or 400 is sent. */
  const write = async <T>(
    request: FastifyRequest,
    reply: FastifyReply,
    schema: z.ZodType<T>,
  ): Promise<{ userId: string; body: T } | undefined> => {
    const user = await signedIn(request, reply);
    if (!user) return undefined;
    const wait = await writes.hit(request, user.id);
    if (wait > 0) {
      await reply
        .status(429)
        .header('retry-after', String(wait))
        .header('cache-control', 'no-store')
        .send({
          error: 'Too Many Requests',
          message: `Too many cart changes. Try again in ${waitInWords(wait)}.`,
        });
      return undefined;
    }
    const parsed = schema.safeParse(request.body ?? {});
    if (!parsed.success) {
      const message = parsed.error.issues[0]?.message ?? 'Check the cart and try again.';
      await sendError(reply, 400, 'Bad Request', message);
      return undefined;
    }
    return { userId: user.id, body: parsed.data };
  };

  app.get('/api/cart', async (request, reply) => {
    const user = await signedIn(request, reply);
    if (!user) return reply;
    return reply.header('cache-control', 'no-store').send(await carts.find(user.id));
  });

  app.put('/api/cart', async (request, reply) => {
    const accepted = await write(request, reply, replaceCartBodySchema);
    if (!accepted) return reply;
    const result = await carts.replace(accepted.userId, accepted.body);
    if (result.kind === 'refused') return sendError(reply, 400, 'Bad Request', result.message);
    if (result.kind === 'conflict') {
      const body: CartConflictBody = {
        error: 'Conflict',
        code: 'version_conflict',
        message: 'Your cart was changed on another device. Here it is as it is now.',
        cart: result.cart,
      };
      return reply.status(409).header('cache-control', 'no-store').send(body);
    }
    return reply.header('cache-control', 'no-store').send(result.cart);
  });

  app.post('/api/cart/merge', async (request, reply) => {
    const accepted = await write(request, reply, mergeCartBodySchema);
    if (!accepted) return reply;
    const cart = await carts.merge(accepted.userId, accepted.body.lines);
    return reply.header('cache-control', 'no-store').send(cart);
  });
  // A Fastify plugin: registered with app.register, which waits for it.
  return Promise.resolve();
}
