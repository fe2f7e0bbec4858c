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
  /** Charges card tokens; `createLocalPaymentProvider()` for the test-mode widget. */
  payments: PaymentProvider;
  /**
   * Signs the receipts of orders placed without signing in. Derive it from the auth secret
   * (`deriveSecret(secret, 'order-receipts')`); changing it invalidates every receipt link.
   */
  receiptSecret: string;
}

export type PlaceOrderResult =
  | { kind: 'created' | 'existing'; response: CreateOrderResponse }
  | { kind: 'not_on_sale' }
  | { kind: 'total_changed'; total: number; approvedTotal: number }
  | { kind: 'conflict' }
  | { kind: 'charge_failed'; code: ChargeFailureCode; message: string };

export type FindOrderResult =
  { kind: 'found'; order: Order } | { kind: 'not_found' | 'sign_in_needed' | 'not_yours' };

type Placed =
  | { kind: 'created' | 'existing'; orderId: string }
  | { kind: 'conflict' }
  | { kind: 'charge_failed'; code: ChargeFailureCode; message: string };

const ORDER_ID = /^ord_[A-Za-z0-9]{24}$/;

/**
 * Orders: priced from the catalogue (never from the browser), charged once per idempotency key,
 * recorded in the same transaction as the charge, and shown only to their owner (or, for an
 * order placed without signing in, to whoever holds its receipt).
 */
export function createOrderService({ db, payments, receiptSecret }: OrderServiceOptions) {
  const receiptFor = (orderId: string) =>
    createHmac('sha256', receiptSecret).update(`order-receipt:${orderId}`).digest('base64url');

  const receiptMatches = (orderId: string, given: unknown) => {
    if (typeof given !== 'string') return false;
    const expected = Buffer.from(receiptFor(orderId));
    const actual = Buffer.from(given);
    return actual.length === expected.length && timingSafeEqual(actual, expected);
  };

  return {
    /**
     * Checks the idempotency key, charges the token and writes the order in one transaction. A
     * retry with the same key and body gets the same order back; the key with another body is a
     * conflict. A total other than the one the shopper approved is refused before anything is
     * charged. `userId` is the signed-in shopper, or null for a guest.
     */
    async place(body: CreateOrderBody, userId: string | null): Promise<PlaceOrderResult> {
      const priced = priceOrderLines(body.lines);
      if (!priced) return { kind: 'not_on_sale' };
      // The shopper approved an amount in the widget; never charge another one.
      if (priced.total !== body.approvedTotal) {
        return { kind: 'total_changed', total: priced.total, approvedTotal: body.approvedTotal };
      }
      const fingerprint = createHash('sha256')
        .update(canonicalOrderRequest(body, userId))
        .digest('base64url');

      const placed = await inWriteTransaction<Placed>(db, async (connection) => {
        const existing = await orderRepository.findByIdempotencyKey(
          connection,
          body.idempotencyKey,
        );
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

      if (placed.kind === 'conflict' || placed.kind === 'charge_failed') return placed;
      const stored = await orderRepository.find(db, placed.orderId);
      if (!stored) throw new Error(`order ${placed.orderId} vanished after commit`);
      return {
        kind: placed.kind,
        response: {
          order: stored.order,
          receipt: stored.userId === null ? receiptFor(stored.order.id) : null,
        },
      };
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
          ? { kind: 'found', order: stored.order }
          : { kind: 'not_found' };
      }
      const asking = await userId();
      if (asking === null) return { kind: 'sign_in_needed' };
      if (asking !== stored.userId) return { kind: 'not_yours' };
      return { kind: 'found', order: stored.order };
    },

    /** A signed-in shopper's orders, newest first. */
    listForUser: (userId: string): Promise<Order[]> => orderRepository.listForUser(db, userId),
  };
}

export type OrderService = ReturnType<typeof createOrderService>;
