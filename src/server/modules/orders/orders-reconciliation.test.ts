import Fastify from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { reconcileOrders, RECONCILE_EVERY_MS } from './orders-reconciliation.ts';
import type { OrderService } from './orders-service.ts';

afterEach(() => {
  vi.useRealTimers();
});

describe('reconcileOrders', () => {
  it('settles pending orders at start-up, then every minute until the server closes', async () => {
    vi.useFakeTimers();
    const app = Fastify();
    let runs = 0;
    let refundRuns = 0;
    const orders = {
      reconcile: () => {
        runs += 1;
        return Promise.resolve(runs === 2 ? 1 : 0);
      },
      // Refunds left pending too (ADR 047).
      settlePending: () => {
        refundRuns += 1;
        return Promise.resolve(0);
      },
    } as Pick<OrderService, 'reconcile' | 'settlePending'> as OrderService;

    await reconcileOrders(app, orders);
    expect(runs).toBe(1);
    await vi.advanceTimersByTimeAsync(3 * RECONCILE_EVERY_MS);
    expect(runs).toBe(4);
    expect(refundRuns).toBe(4);

    await app.close();
    await vi.advanceTimersByTimeAsync(3 * RECONCILE_EVERY_MS);
    expect(runs).toBe(4);
  });

  it('logs a failed run and tries again at the next one', async () => {
    vi.useFakeTimers();
    const app = Fastify();
    const errors = vi.spyOn(app.log, 'error');
    let runs = 0;
    const orders = {
      reconcile: () => {
        runs += 1;
        return runs === 2 ? Promise.reject(new Error('database gone')) : Promise.resolve(0);
      },
      settlePending: () => Promise.resolve(0),
    } as Pick<OrderService, 'reconcile' | 'settlePending'> as OrderService;

    await reconcileOrders(app, orders);
    await vi.advanceTimersByTimeAsync(2 * RECONCILE_EVERY_MS);
    expect(runs).toBe(3);
    expect(errors).toHaveBeenCalledOnce();
    await app.close();
  });
});
