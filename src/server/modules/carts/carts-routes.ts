import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  cartConflictSchema,
  cartDocumentSchema,
  mergeCartBodySchema,
  replaceCartBodySchema,
  type CartConflictBody,
} from '#shared/carts.ts';
import { apiErrorSchema } from '#shared/api-errors.ts';
import type { AccountsService } from '#server/modules/accounts/accounts-service.ts';
import { checkedFirst } from '#server/platform/http/api-contract.ts';
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
  return reply.status(status).send({ error, message });
}

/**
 * The signed-in shopper's cart, kept with their account (issue 10, item 15; ADR 025). There is no
 * id in the path: a session reaches its own cart only, and the anonymous get 401.
 *
 * - `GET /api/cart`: the cart, priced from the catalogue (`CartDocument`; version 0 when empty
 *   and never saved).
 * - `PUT /api/cart`: replaces it with `{ version, lines }`; 200 with the saved cart, or 409
 *   `VERSION_CONFLICT` with the cart as it is now when `version` is not the current one.
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

  // The session and the limit come before the body: the anonymous get 401 whatever they send.
  const writerCheck = checkedFirst(async (request: FastifyRequest, reply: FastifyReply) => {
    const user = await signedIn(request, reply);
    if (!user) return undefined;
    const wait = await writes.hit(request, user.id);
    if (wait > 0) {
      await reply
        .status(429)
        .header('retry-after', String(wait))
        .send({
          error: 'Too Many Requests',
          message: `Too many cart changes. Try again in ${waitInWords(wait)}.`,
        });
      return undefined;
    }
    return user.id;
  });
  const writer = writerCheck.hook;
  const writerOf = writerCheck.of;
  const api = app.withTypeProvider<ZodTypeProvider>();

  const refusals = { 400: apiErrorSchema, 401: apiErrorSchema, 429: apiErrorSchema };
  app.get(
    '/api/cart',
    { schema: { response: { 200: cartDocumentSchema, 401: apiErrorSchema } } },
    async (request, reply) => {
      const user = await signedIn(request, reply);
      if (!user) return reply;
      return reply.send(await carts.find(user.id));
    },
  );

  api.put(
    '/api/cart',
    {
      schema: {
        body: replaceCartBodySchema,
        response: { 200: cartDocumentSchema, 409: cartConflictSchema, ...refusals },
      },
      preValidation: writer,
    },
    async (request, reply) => {
      const result = await carts.replace(writerOf(request), request.body);
      if (result.kind === 'refused') return sendError(reply, 400, 'Bad Request', result.message);
      if (result.kind === 'conflict') {
        const body: CartConflictBody = {
          error: 'Conflict',
          code: 'VERSION_CONFLICT',
          message: 'Your cart was changed on another device. Here it is as it is now.',
          cart: result.cart,
        };
        return reply.status(409).send(body);
      }
      return reply.send(result.cart);
    },
  );

  api.post(
    '/api/cart/merge',
    {
      schema: { body: mergeCartBodySchema, response: { 200: cartDocumentSchema, ...refusals } },
      preValidation: writer,
    },
    async (request, reply) => {
      const cart = await carts.merge(writerOf(request), request.body.lines);
      return reply.send(cart);
    },
  );
  // A Fastify plugin: registered with app.register, which waits for it.
  return Promise.resolve();
}
