import { createHash } from 'node:crypto';
import type { OrderRefund, RefundBody } from '#shared/order-refunds.ts';
import type { Order } from '#shared/orders.ts';
import type { CatalogueService, StockLine } from '#server/modules/catalogue/catalogue-service.ts';
import type { PaymentProvider, RefundResult } from '#server/modules/payments/payments-service.ts';
import { randomId } from '#server/platform/ids.ts';
import { inWriteTransaction, type Db } from '#server/platform/database/transaction.ts';
import { orderRepository } from './order-repository.ts';
import {
  refundLines,
  refundRepository,
  toOrderRefund,
  type RefundableOrder,
  type RefundLine,
  type StoredRefund,
} from './refund-repository.ts';

/** Who asked, as the refund records them. */
export interface RefundActor {
  email: string;
}

export interface RefundServiceOptions {
  db: Db;
  /** Stock comes back through the catalogue, so every server shows it (ADR 034, 037). */
  catalogue: Pick<CatalogueService, 'returnStock' | 'stockChanged'>;
  payments: Pick<PaymentProvider, 'refund'>;
  /** The receipt of a guest's order (its email's link), by order id. */
  receiptFor: (orderId: string) => string;
  /**
   * Told once a refund of lines went through: queues the refund email (event key per refund).
   * Told again when the same request is repeated, so it must do its work once per refund.
   */
  onRefunded?: (order: Order, refund: OrderRefund, receipt: string | null) => Promise<void>;
  /** Told once an order is cancelled (and its refund settled): queues the email, once per order. */
  onCancelled?: (order: Order, receipt: string | null) => Promise<void>;
  /** Where a provider that could not be reached is reported; the refund stays pending. */
  logError?: (error: unknown, refundId: string) => void;
}

export type RefundOutcome =
  | {
      kind: 'refunded' | 'existing' | 'pending' | 'failed';
      order: Order;
      refund: OrderRefund;
    }
  | { kind: 'not_found' | 'not_paid' | 'conflict' }
  | { kind: 'unknown_line' | 'over_refund'; message: string };

export type CancelOutcome =
  | { kind: 'cancelled'; order: Order; refund: OrderRefund | null }
  | { kind: 'not_found' | 'not_paid' | 'shipped' | 'already_cancelled' };

const ORDER_ID = /^ord_[A-Za-z0-9]{24}$/;

/** Pending refunds settled at a time by the reconciliation, and how old they must be. */
const SETTLE_PAGE = 100;
const SETTLE_AFTER_MS = 30_000;

/** The advisory scope of one product size's stock row, as the order transaction names it. */
const stockScope = ({ productId, size }: Pick<StockLine, 'productId' | 'size'>) =>
  `stock:${productId}:${size}`;
const orderScope = (orderId: string) => `order:${orderId}`;

const describeLine = (line: RefundableOrder['lines'][number]) =>
  `Line ${line.position + 1} (${line.name}${line.size ? `, size ${line.size}` : ''})`;

/**
 * Refunds and cancellations (issue 14; ADR 047). A refund is recorded `pending` with the
 * quantities it claims of each line (so two at once cannot refund the same item twice), sent to
 * the payment provider with no transaction open and under its own id as the idempotency key,
 * then settled: `succeeded` adds its amount to the order and puts the stock back in the same
 * transaction; `failed` gives the quantities back. A refund the provider leaves pending is
 * settled by `settlePending` (the reconciliation).
 */
export function createRefundService({
  db,
  catalogue,
  payments,
  receiptFor,
  onRefunded,
  onCancelled,
  logError,
}: RefundServiceOptions) {
  const orderDoc = async (orderId: string) => {
    const stored = await orderRepository.find(db, orderId);
    if (!stored) throw new Error(`order ${orderId} is not paid after its refund`);
    return { order: stored.order, receipt: stored.userId === null ? receiptFor(orderId) : null };
  };

  /** Records the provider's answer; true when this call settled the refund. */
  const record = async (refund: StoredRefund, result: RefundResult): Promise<boolean> => {
    // Still pending with the provider, or a key it holds another refund under: ask again later.
    if (result.ok && result.status === 'pending') return false;
    if (!result.ok && result.code === 'idempotency_conflict') return false;
    const lines = refundLines(refund);
    const stored = await refundRepository.refundable(db, refund.order_id);
    const stock: StockLine[] =
      refund.restock === 1
        ? lines.flatMap(({ position, quantity }) => {
            const line = stored?.lines.find((one) => one.position === position);
            // Lines recorded before sizes took no stock, so give none back.
            return line && line.size !== null
              ? [{ productId: line.productId, size: line.size, quantity }]
              : [];
          })
        : [];
    const succeeded = result.ok && result.status === 'succeeded';
    const settled = await inWriteTransaction(
      db,
      [orderScope(refund.order_id), ...(succeeded ? stock.map(stockScope) : [])],
      async (connection) => {
        const changed = await refundRepository.settle(connection, refund.id, {
          status: succeeded ? 'succeeded' : 'failed',
          providerRefundId: result.ok ? result.refundId : null,
          failure: succeeded
            ? null
            : result.ok
              ? (result.failure ?? 'The payment provider refused it.')
              : result.message,
        });
        if (!changed) return { commit: false, result: false };
        if (succeeded) {
          await refundRepository.addRefunded(connection, refund.order_id, refund.amount);
          if (stock.length > 0) await catalogue.returnStock(connection, stock);
        } else {
          await refundRepository.release(connection, refund.order_id, lines);
        }
        return { commit: true, result: true };
      },
    );
    if (settled && succeeded && stock.length > 0) await catalogue.stockChanged();
    return settled;
  };

  /**
   * Asks the provider (again) for a pending refund and records its answer; returns the refund as
   * it is now, and whether this call settled it.
   */
  const settleNow = async (
    refund: StoredRefund,
  ): Promise<{ refund: StoredRefund; settled: boolean }> => {
    if (refund.status !== 'pending') return { refund, settled: false };
    let result: RefundResult;
    try {
      const order = await refundRepository.refundable(db, refund.order_id);
      const lines = refundLines(refund);
      result = await payments.refund({
        chargeId: order?.chargeId ?? '',
        amount: refund.amount,
        currency: refund.currency,
        idempotencyKey: refund.id,
        lines: lines.map(({ position, quantity }) => ({
          position,
          quantity,
          amount:
            quantity * (order?.lines.find((line) => line.position === position)?.unitPrice ?? 0),
        })),
        reason: refund.reason ?? undefined,
      });
    } catch (error) {
      // Not reached, or it broke: nothing is known, so the refund stays pending and the
      // reconciliation asks again under the same key.
      logError?.(error, refund.id);
      return { refund, settled: false };
    }
    const settled = await record(refund, result);
    return { refund: (await refundRepository.find(db, refund.id)) ?? refund, settled };
  };
  const settle = async (refund: StoredRefund) => (await settleNow(refund)).refund;

  /** Tells the hook of a settled refund (again: its event key keeps the email single). */
  const announce = async (refund: StoredRefund, order: Order, receipt: string | null) => {
    if (refund.status !== 'succeeded') return;
    if (refund.kind === 'refund') await onRefunded?.(order, toOrderRefund(refund), receipt);
    else await onCancelled?.(order, receipt);
  };

  const outcomeOf = async (
    refund: StoredRefund,
    repeated: boolean,
  ): Promise<Extract<RefundOutcome, { order: Order }>> => {
    const { order, receipt } = await orderDoc(refund.order_id);
    await announce(refund, order, receipt);
    const kind =
      refund.status === 'pending'
        ? 'pending'
        : refund.status === 'failed'
          ? 'failed'
          : repeated
            ? 'existing'
            : 'refunded';
    return { kind, order, refund: toOrderRefund(refund) };
  };

  return {
    /**
     * Refunds `quantity` of each chosen line of a paid order through the payment provider, and
     * (unless `restock` is false) puts their stock back once the refund went through. The same
     * `idempotencyKey` again gives the same refund (finishing one left pending); with another
     * body it is a conflict. Never more of a line than was bought, counting every refund before
     * and every one under way.
     */
    async refund(
      orderId: string,
      body: RefundBody,
      actor: RefundActor | null,
    ): Promise<RefundOutcome> {
      if (!ORDER_ID.test(orderId)) return { kind: 'not_found' };
      const lines = [...body.lines].sort((a, b) => a.lineIndex - b.lineIndex);
      const fingerprint = createHash('sha256')
        .update(
          JSON.stringify({
            orderId,
            lines: lines.map(({ lineIndex, quantity }) => [lineIndex, quantity]),
            restock: body.restock,
            reason: body.reason ?? null,
          }),
        )
        .digest('base64url');
      const key = `refund:${body.idempotencyKey}`;
      type Recorded =
        | { kind: 'recorded'; refund: StoredRefund }
        | { kind: 'repeated'; refund: StoredRefund }
        | Exclude<RefundOutcome, { order: Order }>;
      const recorded = await inWriteTransaction<Recorded>(
        db,
        [orderScope(orderId), `refund-key:${key}`],
        async (connection) => {
          const no = (result: Recorded) => ({ commit: false, result });
          const previous = await refundRepository.findByKey(connection, key);
          if (previous) {
            return no(
              previous.request_fingerprint === fingerprint
                ? { kind: 'repeated', refund: previous }
                : { kind: 'conflict' },
            );
          }
          const order = await refundRepository.refundable(connection, orderId);
          if (!order) return no({ kind: 'not_found' });
          if (order.status !== 'paid' || order.chargeId === null) return no({ kind: 'not_paid' });
          let amount = 0;
          const claims: RefundLine[] = [];
          for (const { lineIndex, quantity } of lines) {
            const line = order.lines.find((one) => one.position === lineIndex);
            if (!line) {
              return no({
                kind: 'unknown_line',
                message: `The order has no line ${lineIndex + 1}: it has ${order.lines.length}.`,
              });
            }
            const left = line.quantity - line.refundedQuantity;
            if (quantity > left) {
              return no({
                kind: 'over_refund',
                message:
                  order.cancelledAt !== null && left === 0
                    ? 'This order is cancelled, and everything in it is refunded.'
                    : left === 0
                      ? `${describeLine(line)} is refunded already.`
                      : `${describeLine(line)}: only ${left} of ${line.quantity} can still be refunded.`,
              });
            }
            amount += quantity * line.unitPrice;
            claims.push({ position: lineIndex, quantity });
          }
          for (const claim of claims) {
            // The update's own condition stands behind the check above.
            if (!(await refundRepository.claim(connection, orderId, claim))) {
              return no({ kind: 'over_refund', message: 'Part of this was refunded meanwhile.' });
            }
          }
          const refund = {
            id: randomId('ref', 24),
            orderId,
            idempotencyKey: key,
            requestFingerprint: fingerprint,
            kind: 'refund' as const,
            amount,
            currency: order.currency,
            lines: claims,
            restock: body.restock,
            reason: body.reason || null,
            actorEmail: actor?.email ?? null,
            createdAt: new Date().toISOString(),
          };
          await refundRepository.insert(connection, refund);
          const stored = await refundRepository.find(connection, refund.id);
          if (!stored) throw new Error(`refund ${refund.id} not found after its insert`);
          return { commit: true, result: { kind: 'recorded', refund: stored } };
        },
      );
      if (recorded.kind !== 'recorded' && recorded.kind !== 'repeated') return recorded;
      return outcomeOf(await settle(recorded.refund), recorded.kind === 'repeated');
    },

    /**
     * Cancels a paid order that has not shipped: marks it cancelled and refunds everything not
     * refunded yet, putting its stock back. A shipped order cannot be cancelled (refund its lines
     * instead), nor a pending one, which no one has paid for yet. Cancelled once: again is
     * `already_cancelled` (a refund that was left pending is asked for again).
     */
    async cancel(
      orderId: string,
      input: { reason?: string | undefined },
      actor: RefundActor | null,
    ): Promise<CancelOutcome> {
      if (!ORDER_ID.test(orderId)) return { kind: 'not_found' };
      const key = `cancel:${orderId}`;
      type Marked =
        { kind: 'marked'; refund: StoredRefund | null } | Exclude<CancelOutcome, { order: Order }>;
      const marked = await inWriteTransaction<Marked>(
        db,
        [orderScope(orderId), `refund-key:${key}`],
        async (connection) => {
          const no = (result: Marked) => ({ commit: false, result });
          const order = await refundRepository.refundable(connection, orderId);
          if (!order) return no({ kind: 'not_found' });
          if (order.status !== 'paid' || order.chargeId === null) return no({ kind: 'not_paid' });
          if (order.cancelledAt !== null) return no({ kind: 'already_cancelled' });
          if (order.shippedAt !== null) return no({ kind: 'shipped' });
          const now = new Date().toISOString();
          // The update's own condition decides a race with a shipment.
          if (!(await refundRepository.markCancelled(connection, orderId, now))) {
            return no({ kind: 'shipped' });
          }
          const claims = order.lines
            .map((line) => ({
              position: line.position,
              quantity: line.quantity - line.refundedQuantity,
              unitPrice: line.unitPrice,
            }))
            .filter((line) => line.quantity > 0);
          if (claims.length === 0)
            return { commit: true, result: { kind: 'marked', refund: null } };
          for (const claim of claims) {
            if (!(await refundRepository.claim(connection, orderId, claim))) {
              throw new Error(`order ${orderId} changed inside its cancellation`);
            }
          }
          const id = randomId('ref', 24);
          await refundRepository.insert(connection, {
            id,
            orderId,
            idempotencyKey: key,
            requestFingerprint: key,
            kind: 'cancel',
            amount: claims.reduce((sum, line) => sum + line.quantity * line.unitPrice, 0),
            currency: order.currency,
            lines: claims.map(({ position, quantity }) => ({ position, quantity })),
            restock: true,
            reason: input.reason || null,
            actorEmail: actor?.email ?? null,
            createdAt: now,
          });
          return {
            commit: true,
            result: {
              kind: 'marked',
              refund: (await refundRepository.find(connection, id)) ?? null,
            },
          };
        },
      );
      if (marked.kind !== 'marked') {
        if (marked.kind === 'already_cancelled') {
          // A cancellation whose refund was left pending is finished by asking again.
          const left = await refundRepository.findByKey(db, key);
          if (left?.status === 'pending') await settle(left);
        }
        return marked;
      }
      const refund = marked.refund && (await settle(marked.refund));
      const { order, receipt } = await orderDoc(orderId);
      if (refund === null) await onCancelled?.(order, receipt);
      else await announce(refund, order, receipt);
      return { kind: 'cancelled', order, refund: refund && toOrderRefund(refund) };
    },

    /** An order's refunds for the back office, oldest first. */
    async refundsOf(orderId: string): Promise<OrderRefund[]> {
      return (await refundRepository.listForOrder(db, orderId)).map(toOrderRefund);
    },

    /**
     * Asks the provider again about every refund left pending for more than `olderThanMs` (half
     * a minute: longer than a request takes, so it rarely asks beside a live one) (a
     * request that died, a provider that was not reached, or one that settles later, as
     * Stripe's do), and records its answer. Safe on every server at once: the provider refunds a
     * key once, and a refund is settled once. Returns how many it settled.
     */
    async settlePending(olderThanMs = SETTLE_AFTER_MS): Promise<number> {
      let settledCount = 0;
      const before = new Date(Date.now() - olderThanMs).toISOString();
      for (let after = ''; ;) {
        const pending = await refundRepository.listPending(db, {
          after,
          before,
          limit: SETTLE_PAGE,
        });
        for (const refund of pending) {
          const now = await settleNow(refund);
          if (now.settled) {
            settledCount += 1;
            const { order, receipt } = await orderDoc(refund.order_id);
            await announce(now.refund, order, receipt);
          }
        }
        const last = pending.at(-1);
        if (!last || pending.length < SETTLE_PAGE) return settledCount;
        after = last.id;
      }
    },
  };
}

export type RefundService = ReturnType<typeof createRefundService>;
