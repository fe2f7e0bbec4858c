import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import {
  canonicalOrderRequest,
  priceOrderLines,
  type CreateOrderBody,
  type CreateOrderResponse,
  type Order,
} from '#shared/orders.ts';
import type {
  ChargeFailureCode,
  PaymentProvider,
} from '#server/modules/payments/payments-service.ts';
import { randomId } from '#server/platform/ids.ts';
import { inWriteTransaction, type Db } from '#server/platform/database/transaction.ts';
import { orderRepository } from './order-repository.ts';

export interface OrderServiceOptions {
  db: Db;
  /** Charges card tokens; `createLocalPaymentProvider(db)` for the test-mode widget. */
  payments: PaymentProvider;
  /**
   * Signs the receipts of orders placed without signing in. Derive it from the auth secret
   * (`deriveSecret(secret, 'order-receipts')`); changing it invalidates every receipt link.
   */
  receiptSecret: string;
  /**
   * Told once an order is paid (by its request or by the reconciliation), with its receipt for a
   * guest: queues the confirmation email. It must not throw; it may be told twice of one order.
   */
  onPaid?: (order: Order, receipt: string | null) => Promise<void>;
  /** Whether the confirmation email of an order is queued (or sent): shown on its page. */
  confirmationQueued?: (orderId: string) => Promise<boolean>;
}

export type PlaceOrderResult =
  | { kind: 'created' | 'existing'; response: CreateOrderResponse }
  | { kind: 'not_on_sale' }
  | { kind: 'total_changed'; total: number; approvedTotal: number }
  | { kind: 'conflict' }
  | { kind: 'charge_failed'; code: ChargeFailureCode; message: string };

export type FindOrderResult =
  { kind: 'found'; order: Order } | { kind: 'not_found' | 'sign_in_needed' | 'not_yours' };

/** Failures after which the provider charged nothing under the key, nor ever will for this body. */
const DEFINITIVE_FAILURES = new Set<ChargeFailureCode>([
  'card_declined',
  'insufficient_funds',
  'expired_card',
  'incorrect_cvc',
  'token_not_found',
  'token_used',
  'invalid_amount',
]);

/** Pending orders the reconciliation reads at a time. */
const RECONCILE_PAGE = 200;

const ORDER_ID = /^ord_[A-Za-z0-9]{24}$/;

/**
 * Orders: priced from the catalogue (never from the browser), recorded as pending under their
 * idempotency key, charged once per key outside any database transaction, then marked paid
 * (ADR 030), and shown only to their owner (or, for an order placed without signing in, to
 * whoever holds its receipt).
 */
export function createOrderService({
  db,
  payments,
  receiptSecret,
  onPaid,
  confirmationQueued,
}: OrderServiceOptions) {
  const withEmail = async (order: Order): Promise<Order> =>
    (await confirmationQueued?.(order.id)) ? { ...order, confirmationEmail: 'queued' } : order;

  const receiptFor = (orderId: string) =>
    createHmac('sha256', receiptSecret).update(`order-receipt:${orderId}`).digest('base64url');

  const receiptMatches = (orderId: string, given: unknown) => {
    if (typeof given !== 'string') return false;
    const expected = Buffer.from(receiptFor(orderId));
    const actual = Buffer.from(given);
    return actual.length === expected.length && timingSafeEqual(actual, expected);
  };

  const announce = async (stored: { order: Order; userId: string | null }) => {
    await onPaid?.(stored.order, stored.userId === null ? receiptFor(stored.order.id) : null);
  };

  const answer = async (kind: 'created' | 'existing', orderId: string) => {
    const stored = await orderRepository.find(db, orderId);
    if (!stored) throw new Error(`order ${orderId} is not paid after its charge`);
    if (kind === 'created') await announce(stored);
    return {
      kind,
      response: {
        order: stored.order,
        receipt: stored.userId === null ? receiptFor(stored.order.id) : null,
      },
    };
  };

  return {
    /**
     * Records the order as pending under its idempotency key, charges the token with that key
     * (no transaction open), then marks the order paid. A retry with the same key and body gets
     * the same order back, and completes one that an earlier request left half-way; the key with
     * another body is a conflict. A total other than the one the shopper approved is refused
     * before anything is recorded. `userId` is the signed-in shopper, or null for a guest.
     */
    async place(body: CreateOrderBody, userId: string | null): Promise<PlaceOrderResult> {
      const priced = priceOrderLines(body.lines);
      if (!priced) return { kind: 'not_on_sale' };
      // The shopper approved an amount in the widget; never charge another one.
      if (priced.total !== body.approvedTotal) {
        return { kind: 'total_changed', total: priced.total, approvedTotal: body.approvedTotal };
      }
      const orderScope = `order-key:${body.idempotencyKey}`;
      const fingerprint = createHash('sha256')
        .update(canonicalOrderRequest(body, userId))
        .digest('base64url');

      const recorded = await inWriteTransaction(db, [orderScope], async (connection) => ({
        commit: true,
        result: await orderRepository.recordPending(connection, {
          id: randomId('ord', 24),
          idempotencyKey: body.idempotencyKey,
          requestFingerprint: fingerprint,
          userId,
          email: body.email,
          currency: priced.currency,
          total: priced.total,
          lines: priced.lines,
          billingAddress: body.billingAddress ?? null,
          shippingAddress: body.shippingAddress ?? null,
          createdAt: new Date().toISOString(),
        }),
      }));
      if (recorded.request_fingerprint !== fingerprint) return { kind: 'conflict' };
      if (recorded.status === 'paid') return answer('existing', recorded.id);

      // Whatever happens from here, the pending order and the key let a retry (or the
      // reconciliation) finish: the provider charges a key once.
      const charge = await payments.chargeToken({
        token: body.token,
        amount: priced.total,
        currency: priced.currency,
        idempotencyKey: body.idempotencyKey,
      });
      if (!charge.ok) {
        // Nothing was charged: the key is free again, as if the order was never tried.
        if (DEFINITIVE_FAILURES.has(charge.code)) {
          await inWriteTransaction(db, [orderScope], async (connection) => {
            await orderRepository.removePending(connection, recorded.id);
            return { commit: true, result: undefined };
          });
        }
        return { kind: 'charge_failed', code: charge.code, message: charge.message };
      }
      // Of twins racing with one key, the one that marks it answers 201, the others 200.
      const marked = await orderRepository.markPaid(db, recorded.id, charge);
      return answer(marked ? 'created' : 'existing', recorded.id);
    },

    /**
     * Marks paid every pending order whose key the provider has a charge for: the orders of
     * requests that died after their charge. Returns how many it marked. Safe to run on every
     * server at once and beside live requests, since marking an order paid is idempotent.
     */
    async reconcile(): Promise<number> {
      let marked = 0;
      for (let after = ''; ;) {
        const pending = await orderRepository.listPending(db, { after, limit: RECONCILE_PAGE });
        for (const order of pending) {
          const charge = await payments.findCharge(order.idempotency_key);
          if (charge && (await orderRepository.markPaid(db, order.id, charge))) {
            marked += 1;
            const stored = await orderRepository.find(db, order.id);
            if (stored) await announce(stored);
          }
        }
        const last = pending.at(-1);
        if (!last || pending.length < RECONCILE_PAGE) return marked;
        after = last.id;
      }
    },

    /**
     * One order for whoever asks: its owner when signed in (`userId`), or anyone with the receipt
     * of an order placed without signing in. A guest order without the right receipt reads as
     * not found, so order ids cannot be probed.
     */
    async find(
      id: string,
      { userId, receipt }: { userId: () => Promise<string | null>; receipt: unknown },
    ): Promise<FindOrderResult> {
      const stored = ORDER_ID.test(id) ? await orderRepository.find(db, id) : undefined;
      if (!stored) return { kind: 'not_found' };
      if (stored.userId === null) {
        return receiptMatches(id, receipt)
          ? { kind: 'found', order: await withEmail(stored.order) }
          : { kind: 'not_found' };
      }
      const asking = await userId();
      if (asking === null) return { kind: 'sign_in_needed' };
      if (asking !== stored.userId) return { kind: 'not_yours' };
      return { kind: 'found', order: await withEmail(stored.order) };
    },

    /** A signed-in shopper's orders, newest first. */
    listForUser: (userId: string): Promise<Order[]> => orderRepository.listForUser(db, userId),
  };
}

export type OrderService = ReturnType<typeof createOrderService>;
