import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from '#shared/zod.ts';
import { cancelBodySchema, refundBodySchema, type OrderRefund } from '#shared/order-refunds.ts';
import type { Order } from '#shared/orders.ts';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '#shared/api-errors.ts';
import {
  adminOrderSchema,
  orderListSchema,
  ordersCsvSchema,
  refundAnswerSchema,
  shipmentAnswerSchema,
} from '#shared/back-office-api.ts';
import { errorBody } from '#server/platform/http/error-handler.ts';
import { idParams, orderListQuery, shipmentBody } from '#shared/back-office-schemas.ts';
import type { AuditService } from '#server/modules/audit/audit-service.ts';
import type { OrderService } from '#server/modules/orders/orders-service.ts';
import {
  BACK_OFFICE_API,
  PAGE_SIZE,
  notFound,
  orderSummary as summary,
  type BackOfficeKit,
  type BackOfficeRoute,
} from './backoffice-kit.ts';

export const ORDER_ROUTES: readonly BackOfficeRoute[] = [
  { method: 'GET', url: `${BACK_OFFICE_API}/orders`, needs: 'staff' },
  { method: 'GET', url: `${BACK_OFFICE_API}/orders.csv`, needs: 'staff' },
  { method: 'GET', url: `${BACK_OFFICE_API}/orders/:id`, needs: 'staff' },
  { method: 'POST', url: `${BACK_OFFICE_API}/orders/:id/shipment`, needs: 'staff' },
  // Staff, like shipping: a refund only ever goes back to the card that paid (ADR 047).
  { method: 'POST', url: `${BACK_OFFICE_API}/orders/:id/refunds`, needs: 'staff' },
  { method: 'POST', url: `${BACK_OFFICE_API}/orders/:id/cancel`, needs: 'staff' },
];

export interface OrderAdminDeps {
  orders: OrderService;
  audit: AuditService;
}

/** Orders in one CSV export at most: a year of a busy small shop. */
const CSV_LIMIT = 100_000;

/** The day after `date` (YYYY-MM-DD), so that `to` includes its whole day. */
const dayAfter = (date: string) =>
  new Date(Date.parse(`${date}T00:00:00.000Z`) + 86_400_000).toISOString();

/**
 * A cell that a spreadsheet would run as a formula (`=`, `+`, `-`, `@`, tab, carriage return at
 * its start) gets a leading apostrophe: an address typed as `=HYPERLINK(…)` stays text (OWASP's
 * CSV injection advice).
 */
const guardFormula = (value: string) => (/^[=+\-@\t\r]/.test(value) ? `'${value}` : value);

/** What a refund or a cancellation changes of an order, for the audit trail. */
const refundState = (order: Order) => ({
  cancelledAt: order.cancelledAt,
  refundedTotal: order.refundedTotal,
  refundedQuantities: order.lines.map((line) => line.refundedQuantity ?? 0),
});

/**
 * The back office's orders: the list with its filters, the CSV export, one order, shipping,
 * refunds and cancelling (ADR 047).
 */
export function orderAdminRoutes(
  app: FastifyInstance,
  { kit: { actorOf }, orders, audit }: OrderAdminDeps & { kit: BackOfficeKit },
): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  /** The order list's filter from its query. */
  const orderFilter = (query: z.output<typeof orderListQuery>, limit: number) => {
    const { status, from, to, customer, page } = query;
    return {
      page,
      filter: {
        // Unshipped means waiting to be shipped: never a cancelled order.
        shipped: status === 'unshipped' ? false : status === 'shipped' ? true : undefined,
        cancelled: status === 'unshipped' ? false : status === 'cancelled' ? true : undefined,
        refunded: status === 'refunded' || undefined,
        from: from && `${from}T00:00:00.000Z`,
        to: to && dayAfter(to),
        customer: customer || undefined,
        limit,
        offset: (page - 1) * limit,
      },
    };
  };

  api.get(
    `${BACK_OFFICE_API}/orders`,
    {
      schema: {
        querystring: orderListQuery,
        response: { 200: orderListSchema, '4xx': apiErrorSchema },
      },
    },
    async (request) => {
      const asked = orderFilter(request.query, PAGE_SIZE);
      const { orders: found, total } = await orders.listForBackOffice(asked.filter);
      return { orders: found.map(summary), total, page: asked.page, pageSize: PAGE_SIZE };
    },
  );

  api.get(
    `${BACK_OFFICE_API}/orders.csv`,
    {
      schema: {
        querystring: orderListQuery,
        // Text made here: the schema describes it, nothing serializes it again.
        response: {
          200: { content: { 'text/csv': { schema: ordersCsvSchema } } },
          '4xx': apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const asked = orderFilter(request.query, CSV_LIMIT);
      const { orders: found } = await orders.listForBackOffice({ ...asked.filter, offset: 0 });
      const { stringify } = await import('csv-stringify/sync');
      const csv = stringify(
        found.map((order) => ({
          order: order.id,
          date: order.createdAt,
          email: order.email,
          items: order.lines
            .map((line) => `${line.quantity} x ${line.name}${line.size ? ` (${line.size})` : ''}`)
            .join('; '),
          total: (order.total / 100).toFixed(2),
          currency: order.currency.toUpperCase(),
          shipped_at: order.shipment?.shippedAt ?? '',
          carrier: order.shipment?.carrier ?? '',
          tracking_number: order.shipment?.trackingNumber ?? '',
          // After the columns of before ADR 047, so a sheet that reads them by place still works.
          refunded: (order.refundedTotal / 100).toFixed(2),
          cancelled_at: order.cancelledAt ?? '',
        })),
        { header: true, cast: { string: guardFormula } },
      );
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="orders.csv"')
        .send(csv);
    },
  );

  app.get<{ Params: { id: string } }>(
    `${BACK_OFFICE_API}/orders/:id`,
    { schema: { response: { 200: adminOrderSchema, '4xx': apiErrorSchema } } },
    async (request, reply) => {
      const order = await orders.findForBackOffice(request.params.id);
      if (!order) return reply.status(404).send(errorBody(404, 'NOT_FOUND', 'No such order.'));
      return { ...order, refunds: await orders.refundsOf(order.id) };
    },
  );

  /** A refusal of a refund or a cancellation: 409 unless said otherwise. */
  const refuse = (reply: FastifyReply, code: string, message: string, status = 409) =>
    reply.status(status).send({ code, message });

  /** Audits a refund or a cancellation: the order's refund state before and after. */
  const recordRefund = (
    request: FastifyRequest<{ Params: { id: string } }>,
    action: 'order.refund' | 'order.cancel',
    before: Order | null,
    result: { order: Order; refund: OrderRefund | null },
  ) =>
    audit.record(
      actorOf(request),
      action,
      `order:${request.params.id}`,
      before && refundState(before),
      { ...refundState(result.order), refund: result.refund },
    );

  api.post(
    `${BACK_OFFICE_API}/orders/:id/refunds`,
    {
      schema: {
        params: idParams,
        body: refundBodySchema,
        response: {
          200: refundAnswerSchema,
          201: refundAnswerSchema,
          202: refundAnswerSchema,
          '4xx': apiErrorSchema,
          502: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const before = await orders.findForBackOffice(request.params.id);
      const result = await orders.refund(request.params.id, request.body, actorOf(request));
      switch (result.kind) {
        case 'not_found':
          return notFound(reply, 'No such order.');
        case 'not_paid':
          return refuse(reply, 'NOT_PAID', 'Only a paid order can be refunded.');
        case 'conflict':
          return refuse(
            reply,
            'IDEMPOTENCY_CONFLICT',
            'This idempotency key was used for another refund. Start again.',
          );
        case 'unknown_line':
          return refuse(reply, 'UNKNOWN_LINE', result.message, 400);
        case 'over_refund':
          return refuse(reply, 'OVER_REFUND', result.message);
        case 'failed':
          return reply
            .status(502)
            .send(
              errorBody(
                502,
                'REFUND_FAILED',
                `The payment provider refused the refund: ${result.refund.failure ?? 'no reason given'}. Nothing was refunded.`,
                { refund: result.refund },
              ),
            );
        case 'existing':
          return { order: result.order, refund: result.refund };
        case 'pending':
        case 'refunded':
          await recordRefund(request, 'order.refund', before, result);
          return reply
            .status(result.kind === 'pending' ? 202 : 201)
            .send({ order: result.order, refund: result.refund });
      }
    },
  );

  api.post(
    `${BACK_OFFICE_API}/orders/:id/cancel`,
    {
      schema: {
        params: idParams,
        body: cancelBodySchema,
        response: { 200: refundAnswerSchema, '4xx': apiErrorSchema },
      },
    },
    async (request, reply) => {
      const before = await orders.findForBackOffice(request.params.id);
      const result = await orders.cancel(request.params.id, request.body, actorOf(request));
      switch (result.kind) {
        case 'not_found':
          return notFound(reply, 'No such order.');
        case 'not_paid':
          return refuse(reply, 'NOT_PAID', 'Only a paid order can be cancelled.');
        case 'already_cancelled':
          return refuse(reply, 'ALREADY_CANCELLED', 'This order is cancelled already.');
        case 'shipped':
          return refuse(
            reply,
            'SHIPPED',
            'This order has shipped and cannot be cancelled: refund its lines instead.',
          );
        case 'cancelled':
          await recordRefund(request, 'order.cancel', before, result);
          return { order: result.order, refund: result.refund };
      }
    },
  );

  api.post(
    `${BACK_OFFICE_API}/orders/:id/shipment`,
    {
      schema: {
        params: idParams,
        body: shipmentBody,
        response: { 200: shipmentAnswerSchema, '4xx': apiErrorSchema },
      },
    },
    async (request, reply) => {
      const result = await orders.markShipped(request.params.id, request.body);
      switch (result.kind) {
        case 'invalid':
          return reply.status(400).send(errorBody(400, 'VALIDATION_ERROR', result.message));
        case 'not_found':
          return reply.status(404).send(errorBody(404, 'NOT_FOUND', 'No such order.'));
        case 'not_paid':
          return reply
            .status(409)
            .send(errorBody(409, 'NOT_PAID', 'Only a paid order can be shipped.'));
        case 'cancelled':
          return reply
            .status(409)
            .send(errorBody(409, 'CANCELLED', 'This order is cancelled: it is not shipped.'));
        case 'shipped_otherwise':
          return reply
            .status(409)
            .send(
              errorBody(
                409,
                'ALREADY_SHIPPED',
                `This order was already shipped with ${result.shipment.carrier}, tracking number ${result.shipment.trackingNumber}.`,
                { shipment: result.shipment },
              ),
            );
        case 'already_shipped':
          return { shipment: result.shipment };
        case 'shipped':
          await audit.record(
            actorOf(request),
            'order.ship',
            `order:${request.params.id}`,
            null,
            result.shipment,
          );
          return { shipment: result.shipment };
      }
    },
  );
  return Promise.resolve();
}
