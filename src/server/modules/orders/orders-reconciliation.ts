import type { FastifyInstance } from 'fastify';
import type { OrderService } from './orders-service.ts';

/** How often each server looks for orders left pending after their charge. */
export const RECONCILE_EVERY_MS = 60_000;

/**
 * Settles, at start-up and then every `everyMs`, the orders of requests that died after their
 * charge (ADR 030): a server killed half-way leaves no charge without its paid order once this
 * server, or any other on the same database, has run it.
 */
export async function reconcileOrders(
  app: FastifyInstance,
  orders: OrderService,
  everyMs = RECONCILE_EVERY_MS,
): Promise<void> {
  const run = async () => {
    const marked = await orders.reconcile();
    if (marked > 0) app.log.warn({ marked }, 'orders left pending after their charge marked paid');
    // Refunds left pending (ADR 047): a request that died, or a provider that settles later.
    const settled = await orders.settlePending();
    if (settled > 0) app.log.warn({ settled }, 'refunds left pending settled');
  };
  await run();
  const timer = setInterval(() => {
    run().catch((error: unknown) => app.log.error({ err: error }, 'order reconciliation failed'));
  }, everyMs);
  // Never what keeps the process alive.
  timer.unref();
  app.addHook('onClose', (_instance, done) => {
    clearInterval(timer);
    done();
  });
}
