import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Order } from '#shared/orders.ts';
import { errorBody } from '#server/platform/http/error-handler.ts';

export const BACK_OFFICE_API = '/api/admin';

/** Who may use a back-office route: staff and owners, or owners only. */
export type Needs = 'staff' | 'owner';

export interface BackOfficeRoute {
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  url: string;
  needs: Needs;
}

/** Who made a back-office change, as the audit trail records them. */
export interface Actor {
  id: string;
  email: string;
}

/**
 * What every area's back-office routes get from the guard (backoffice-routes.ts): who is asking
 * (only reachable once the guard has let the request through).
 * Each area (orders, catalogue, …) lists its routes in a `*_ROUTES` table and registers them
 * with a function taking this kit, so areas are added without touching one another.
 */
export interface BackOfficeKit {
  actorOf: (request: FastifyRequest) => Actor;
}

/** Rows per page of every back-office list. */
export const PAGE_SIZE = 50;

/** An order as the back office lists it: the order and who placed it. */
export const orderSummary = (order: Order) => ({
  id: order.id,
  createdAt: order.createdAt,
  email: order.email,
  total: order.total,
  items: order.lines.reduce((sum, line) => sum + line.quantity, 0),
  shipment: order.shipment,
  cancelledAt: order.cancelledAt,
  refundedTotal: order.refundedTotal,
});

export const notFound = (reply: FastifyReply, message: string) =>
  reply.status(404).send(errorBody(404, 'NOT_FOUND', message));
