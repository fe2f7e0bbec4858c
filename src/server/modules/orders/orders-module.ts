import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ShopDatabase } from '#server/platform/database/database.ts';
import {
  createLocalPaymentProvider,
  type PaymentProvider,
} from '#server/modules/payments/payments-service.ts';
import { deriveSecret } from '#server/platform/secrets.ts';
import { reconcileOrders } from './orders-reconciliation.ts';
import { confirmationPageStatus, ordersRoutes } from './orders-routes.ts';
import { createOrderService, type OrderService } from './orders-service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Orders: placed, paid, shipped, refunded (ADR 030, 040, 047). */
    orders: OrderService;
    /** The confirmation page's status: 404 unless the receipt or the owner's session opens it. */
    confirmationPageStatus: ReturnType<typeof confirmationPageStatus>;
  }
}

export interface OrdersModuleOptions {
  /** The card provider orders charge through, given the database; the test-mode one if not. */
  payments?: (db: ShopDatabase['db']) => PaymentProvider;
}

/** Server-priced, idempotent orders, charged with no transaction open (ADR 030). */
export const ordersModule = fp(
  async (app: FastifyInstance, { payments = createLocalPaymentProvider }: OrdersModuleOptions) => {
    const { db } = app.database;
    const orders = createOrderService({
      db,
      catalogue: app.catalogueService,
      payments: payments(db),
      receiptSecret: deriveSecret(app.secret, 'order-receipts'),
      // Its emails: confirmation, shipped, refunded, cancelled (the mail module's).
      ...app.orderMails,
      logRefundError: (error, refundId) =>
        app.log.error(
          { err: error, refundId },
          'refund left pending: the provider was not reached',
        ),
    });
    app.decorate('orders', orders);
    // Orders whose request died after the charge (ADR 030).
    await reconcileOrders(app, orders);
    await app.register(ordersRoutes, { accounts: app.accounts, orders });
    app.decorate(
      'confirmationPageStatus',
      confirmationPageStatus({ accounts: app.accounts, orders }),
    );
  },
  { name: 'orders', dependencies: ['platform', 'catalogue', 'mail', 'accounts'] },
);
