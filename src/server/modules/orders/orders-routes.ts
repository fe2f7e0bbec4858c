import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sql, type Kysely } from 'kysely';
import {
  canonicalOrderRequest,
  createOrderBodySchema,
  priceOrderLines,
  type CreateOrderResponse,
  type OrderErrorBody,
  type OrderErrorCode,
  type OrderListResponse,
} from '#shared/orders.ts';
import type { Auth } from '#server/modules/accounts/auth.ts';
import type { Database } from '#server/platform/database/schema.ts';
import { webHeaders } from '#server/platform/http/web-request.ts';
import {
  randomId,
  type ChargeFailureCode,
  type PaymentProvider,
} from '#server/modules/payments/payment-service.ts';
import { orderRepository } from './order-repository.ts';

export interface OrdersRoutesOptions {
  auth: Auth;
  db: Kysely<Database>;
  /** Charges card tokens; `createLocalPaymentProvider()` for the test-mode widget. */
  payments: PaymentProvider;
  /**
   * Signs the receipts of orders placed without signing in. Derive it from the auth secret
   * (`deriveSecret(secret, 'order-receipts')`); changing it invalidates every receipt link.
   */
  receiptSecret: string;
}

interface OrderParams {
  id: string;
}

const ORDER_ID = /^ord_[A-Za-z0-9]{24}$/;

/** How a charge failure reads to the shopper, and its status. */
const CHARGE_FAILURES: Record<
  ChargeFailureCode,
  { status: number; code: OrderErrorCode | undefined; error: string }
> = {
  card_declined: { status: 402, code: 'card_declined', error: 'Payment Required' },
  insufficient_funds: { status: 402, code: 'insufficient_funds', error: 'Payment Required' },
  expired_card: { status: 402, code: 'expired_card', error: 'Payment Required' },
  incorrect_cvc: { status: 402, code: 'incorrect_cvc', error: 'Payment Required' },
  token_not_found: { status: 402, code: 'token_not_found', error: 'Payment Required' },
  token_used: { status: 402, code: 'token_used', error: 'Payment Required' },
  idempotency_conflict: { status: 409, code: 'idempotency_conflict', error: 'Conflict' },
  invalid_amount: { status: 500, code: undefined, error: 'Internal Server Error' },
};

type PlaceOutcome =
  | { kind: 'created' | 'existing'; orderId: string }
  | { kind: 'conflict' }
  | { kind: 'charge_failed'; code: ChargeFailureCode; message: string };

function sendError(
  reply: FastifyReply,
  status: number,
  error: string,
  message: string,
  code?: OrderErrorCode,
) {
  const body: OrderErrorBody = code ? { error, message, code } : { error, message };
  return reply.status(status).header('cache-control', 'no-store').send(body);
}

/**
 * Runs `work` in one SQLite write transaction. BEGIN IMMEDIATE takes the write lock at once, so
 * another process cannot slip in between the checks and the writes; within this process Kysely
 * hands its single SQLite connection to one caller at a time, so every other query (better-auth's
 * too) waits until this commits or rolls back. `work` must use only the connection it is given.
 */
async function inWriteTransaction<T>(
  db: Kysely<Database>,
  work: (connection: Kysely<Database>) => Promise<{ commit: boolean; result: T }>,
): Promise<T> {
  return db.connection().execute(async (connection) => {
    await sql`begin immediate`.execute(connection);
    try {
      const { commit, result } = await work(connection);
      await sql.raw(commit ? 'commit' : 'rollback').execute(connection);
      return result;
    } catch (error) {
      await sql`rollback`.execute(connection);
      throw error;
    }
  });
}

/**
 * The orders API (issue #4). Register with `app.register(ordersRoutes, { auth, db, payments,
 * receiptSecret })`.
 *
 * - `POST /api/orders`: prices the lines from the catalogue, then checks the idempotency key,
 *   charges the token and writes the order in one transaction. 201 `CreateOrderResponse`; 200 with
 *   the same order for a retry with the same key and body; 409 for the key with another body;
 *   402 when the card is declined or the token unknown or used; 400 for a bad body (before any
 *   charge).
 * - `GET /api/orders/:id`: a signed-in shopper's order to them only (401 anonymous, 403 others);
 *   an order placed without signing in to whoever has its receipt (`?receipt=`), else 404.
 * - `GET /api/orders`: the signed-in shopper's orders, newest first (401 anonymous).
 */
export function ordersRoutes(app: FastifyInstance, opts: OrdersRoutesOptions): Promise<void> {
  const { auth, db, payments, receiptSecret } = opts;

  const receiptFor = (orderId: string) =>
    createHmac('sha256', receiptSecret).update(`order-receipt:${orderId}`).digest('base64url');

  const receiptMatches = (orderId: string, given: unknown) => {
    if (typeof given !== 'string') return false;
    const expected = Buffer.from(receiptFor(orderId));
    const actual = Buffer.from(given);
    return actual.length === expected.length && timingSafeEqual(actual, expected);
  };

  const userIdOf = async (request: FastifyRequest) => {
    const session = await auth.api.getSession({ headers: webHeaders(request) });
    return session?.user.id ?? null;
  };

  app.post('/api/orders', async (request, reply) => {
    const parsed = createOrderBodySchema.safeParse(request.body ?? {});
    if (!parsed.success) {
      const message = parsed.error.issues[0]?.message ?? 'Check the order and try again.';
      return sendError(reply, 400, 'Bad Request', message, 'invalid_request');
    }
    const body = parsed.data;
    const priced = priceOrderLines(body.lines);
    if (!priced) {
      return sendError(reply, 400, 'Bad Request', 'An item is not on sale.', 'invalid_request');
    }
    // The session is read before the transaction: better-auth shares the one connection.
    const userId = await userIdOf(request);
    const fingerprint = createHash('sha256')
      .update(canonicalOrderRequest(body, userId))
      .digest('base64url');

    const outcome = await inWriteTransaction<PlaceOutcome>(db, async (connection) => {
      const existing = await orderRepository.findByIdempotencyKey(connection, body.idempotencyKey);
      if (existing) {
        return {
          commit: false,
          result:
            existing.request_fingerprint === fingerprint
              ? { kind: 'existing', orderId: existing.id }
              : { kind: 'conflict' },
        };
      }
      const charge = await payments.chargeToken(
        {
          token: body.token,
          amount: priced.total,
          currency: priced.currency,
          idempotencyKey: body.idempotencyKey,
        },
        connection,
      );
      if (!charge.ok) {
        return {
          commit: false,
          result: { kind: 'charge_failed', code: charge.code, message: charge.message },
        };
      }
      const orderId = randomId('ord', 24);
      await orderRepository.insert(connection, {
        id: orderId,
        idempotencyKey: body.idempotencyKey,
        requestFingerprint: fingerprint,
        userId,
        email: body.email,
        currency: priced.currency,
        total: priced.total,
        chargeId: charge.chargeId,
        card: charge.card,
        lines: priced.lines,
        billingAddress: body.billingAddress ?? null,
        shippingAddress: body.shippingAddress ?? null,
        createdAt: new Date().toISOString(),
      });
      return { commit: true, result: { kind: 'created', orderId } };
    });

    if (outcome.kind === 'conflict') {
      return sendError(
        reply,
        409,
        'Conflict',
        'This idempotency key was already used for a different order. Start a new checkout.',
        'idempotency_conflict',
      );
    }
    if (outcome.kind === 'charge_failed') {
      const failure = CHARGE_FAILURES[outcome.code];
      request.log.info({ code: outcome.code }, 'order not placed: charge failed');
      return sendError(reply, failure.status, failure.error, outcome.message, failure.code);
    }
    const stored = await orderRepository.find(db, outcome.orderId);
    if (!stored) throw new Error(`order ${outcome.orderId} vanished after commit`);
    const response: CreateOrderResponse = {
      order: stored.order,
      receipt: stored.userId === null ? receiptFor(stored.order.id) : null,
    };
    return reply
      .status(outcome.kind === 'created' ? 201 : 200)
      .header('cache-control', 'no-store')
      .send(response);
  });

  app.get<{ Params: OrderParams; Querystring: { receipt?: string } }>(
    '/api/orders/:id',
    async (request, reply) => {
      const { id } = request.params;
      const stored = ORDER_ID.test(id) ? await orderRepository.find(db, id) : undefined;
      if (!stored) return sendError(reply, 404, 'Not Found', 'No such order.');
      if (stored.userId === null) {
        // Placed without signing in: the receipt from the order's response is the only key.
        if (!receiptMatches(id, request.query.receipt)) {
          return sendError(reply, 404, 'Not Found', 'No such order.');
        }
        return reply.header('cache-control', 'no-store').send(stored.order);
      }
      const userId = await userIdOf(request);
      if (userId === null) {
        return sendError(reply, 401, 'Unauthorized', 'Sign in to see this order.');
      }
      if (userId !== stored.userId) {
        return sendError(reply, 403, 'Forbidden', 'This is not your order.');
      }
      return reply.header('cache-control', 'no-store').send(stored.order);
    },
  );

  app.get('/api/orders', async (request, reply) => {
    const userId = await userIdOf(request);
    if (userId === null) {
      return sendError(reply, 401, 'Unauthorized', 'Sign in to see your orders.');
    }
    const response: OrderListResponse = { orders: await orderRepository.listForUser(db, userId) };
    return reply.header('cache-control', 'no-store').send(response);
  });
  // A Fastify plugin: registered with app.register, which waits for it.
  return Promise.resolve();
}
