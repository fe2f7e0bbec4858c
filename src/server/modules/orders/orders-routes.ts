import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { describeUnavailable } from '#shared/unavailable-lines.ts';
import {
  createOrderBodySchema,
  createOrderResponseSchema,
  orderErrorSchema,
  orderListResponseSchema,
  orderSchema,
  type OrderErrorBody,
  type OrderErrorCode,
  type OrderListResponse,
} from '#shared/orders.ts';
import { formatMoney } from '#shared/money.ts';
import { codeOfStatus } from '#shared/api-errors.ts';
import type { AccountsService } from '#server/modules/accounts/accounts-service.ts';
import type { ChargeFailureCode } from '#server/modules/payments/payments-service.ts';
import type { OrderService } from './orders-service.ts';

export interface OrdersRoutesOptions {
  accounts: AccountsService;
  orders: OrderService;
}

interface OrderParams {
  id: string;
}

const signedInUserId = async (
  accounts: AccountsService,
  request: Pick<FastifyRequest, 'headers'>,
) => (await accounts.currentUser(request.headers))?.id ?? null;

/** How a charge failure reads to the shopper, and its status. */
const CHARGE_FAILURES: Record<
  ChargeFailureCode,
  { status: number; code: OrderErrorCode | undefined; error: string }
> = {
  card_declined: { status: 402, code: 'CARD_DECLINED', error: 'Payment Required' },
  insufficient_funds: { status: 402, code: 'INSUFFICIENT_FUNDS', error: 'Payment Required' },
  expired_card: { status: 402, code: 'EXPIRED_CARD', error: 'Payment Required' },
  incorrect_cvc: { status: 402, code: 'INCORRECT_CVC', error: 'Payment Required' },
  token_not_found: { status: 402, code: 'TOKEN_NOT_FOUND', error: 'Payment Required' },
  token_used: { status: 402, code: 'TOKEN_USED', error: 'Payment Required' },
  idempotency_conflict: { status: 409, code: 'IDEMPOTENCY_CONFLICT', error: 'Conflict' },
  invalid_amount: { status: 500, code: undefined, error: 'Internal Server Error' },
};

function sendError(
  reply: FastifyReply,
  status: number,
  error: string,
  message: string,
  code?: OrderErrorCode,
) {
  const body: OrderErrorBody = { error, message, code: code ?? codeOfStatus(status, error) };
  return reply.status(status).send(body);
}

/**
 * The orders API (issue #4), over the order service. Register with
 * `app.register(ordersRoutes, { accounts, orders })`.
 *
 * - `POST /api/orders`: prices the lines from the catalogue, checks each line's size, takes the
 *   stock and records the order as pending under its idempotency key in one transaction, charges
 *   the token, then marks the order paid (ADR 030, 037). 400 naming the line for an item not on
 *   sale, a garment without a size or a size it does not come in; 409 `OUT_OF_STOCK` with
 *   `unavailable` (each short line and how many are left) when the stock ran out, before any
 *   charge.
 *   201 `CreateOrderResponse`; 200 with
 *   the same order for a retry with the same key and body; 409 for the key with another body;
 *   402 when the card is declined or the token unknown or used; 409 `TOTAL_CHANGED` when the
 *   catalogue's total is not the `approvedTotal` the shopper approved; 400 for a bad body (the
 *   last two before any charge).
 * - `GET /api/orders/:id`: a signed-in shopper's order to them only (401 anonymous, 403 others);
 *   an order placed without signing in to whoever has its receipt (`?receipt=`), else 404.
 * - `GET /api/orders`: the signed-in shopper's orders, newest first (401 anonymous).
 */
export function ordersRoutes(
  app: FastifyInstance,
  { accounts, orders }: OrdersRoutesOptions,
): Promise<void> {
  const userIdOf = (request: Pick<FastifyRequest, 'headers'>) => signedInUserId(accounts, request);

  const api = app.withTypeProvider<ZodTypeProvider>();
  const refusals = {
    400: orderErrorSchema,
    401: orderErrorSchema,
    402: orderErrorSchema,
    403: orderErrorSchema,
    404: orderErrorSchema,
    409: orderErrorSchema,
  };
  api.post(
    '/api/orders',
    {
      schema: {
        body: createOrderBodySchema,
        response: { 200: createOrderResponseSchema, 201: createOrderResponseSchema, ...refusals },
      },
    },
    async (request, reply) => {
      const result = await orders.place(request.body, await userIdOf(request));
      switch (result.kind) {
        case 'invalid_line':
          return sendError(reply, 400, 'Bad Request', result.message, 'VALIDATION_ERROR');
        case 'out_of_stock': {
          const body: OrderErrorBody = {
            error: 'Conflict',
            code: 'OUT_OF_STOCK',
            message: `Not enough left of ${result.unavailable.map(describeUnavailable).join('; ')}. Nothing was charged.`,
            unavailable: result.unavailable,
          };
          return reply.status(409).send(body);
        }
        case 'total_changed':
          return sendError(
            reply,
            409,
            'Conflict',
            `The total is now ${formatMoney(result.total)}, not the ${formatMoney(result.approvedTotal)} you approved. Nothing was charged: check your cart and pay again.`,
            'TOTAL_CHANGED',
          );
        case 'conflict':
          return sendError(
            reply,
            409,
            'Conflict',
            'This idempotency key was already used for a different order. Start a new checkout.',
            'IDEMPOTENCY_CONFLICT',
          );
        case 'charge_failed': {
          const failure = CHARGE_FAILURES[result.code];
          request.log.info({ code: result.code }, 'order not placed: charge failed');
          return sendError(reply, failure.status, failure.error, result.message, failure.code);
        }
        default:
          return reply
            .status(result.kind === 'created' ? 201 : 200)

            .send(result.response);
      }
    },
  );

  app.get<{ Params: OrderParams; Querystring: { receipt?: string } }>(
    '/api/orders/:id',
    { schema: { response: { 200: orderSchema, ...refusals } } },
    async (request, reply) => {
      const result = await orders.find(request.params.id, {
        userId: () => userIdOf(request),
        receipt: request.query.receipt,
      });
      switch (result.kind) {
        case 'found':
          return reply.send(result.order);
        case 'not_found':
          return sendError(reply, 404, 'Not Found', 'No such order.');
        case 'sign_in_needed':
          return sendError(reply, 401, 'Unauthorized', 'Sign in to see this order.');
        case 'not_yours':
          return sendError(reply, 403, 'Forbidden', 'This is not your order.');
      }
    },
  );

  app.get(
    '/api/orders',
    { schema: { response: { 200: orderListResponseSchema, ...refusals } } },
    async (request, reply) => {
      const userId = await userIdOf(request);
      if (userId === null) {
        return sendError(reply, 401, 'Unauthorized', 'Sign in to see your orders.');
      }
      const response: OrderListResponse = { orders: await orders.listForUser(userId) };
      return reply.send(response);
    },
  );
  // A Fastify plugin: registered with app.register, which waits for it.
  return Promise.resolve();
}

/**
 * The status of the order confirmation page, /checkout/confirmation?order=…&receipt=…: 200 when
 * the order is there for whoever asks (its receipt, or its owner's session), else 404, so that a
 * wrong or missing receipt is not a page called "Order confirmed".
 */
export function confirmationPageStatus({ accounts, orders }: OrdersRoutesOptions) {
  return async (request: FastifyRequest): Promise<200 | 404> => {
    const { order, receipt } = request.query as { order?: unknown; receipt?: unknown };
    if (typeof order !== 'string') return 404;
    const result = await orders.find(order, {
      userId: () => signedInUserId(accounts, request),
      receipt,
    });
    return result.kind === 'found' ? 200 : 404;
  };
}
