import type { Kysely, Selectable } from 'kysely';
import type { OrderRefund } from '#shared/order-refunds.ts';
import type { Database, OrderRefundsTable } from '#server/platform/database/schema.ts';

/** A refunded line as stored: its place in the order and how many. */
export interface RefundLine {
  position: number;
  quantity: number;
}

/** What the refund rules need of an order: its state, its charge and its lines. */
export interface RefundableOrder {
  id: string;
  status: 'pending' | 'paid';
  chargeId: string | null;
  currency: string;
  userId: string | null;
  shippedAt: string | null;
  cancelledAt: string | null;
  lines: {
    position: number;
    productId: number;
    name: string;
    /** '' for one size; null on lines recorded before sizes (no stock was kept for them). */
    size: string | null;
    unitPrice: number;
    quantity: number;
    refundedQuantity: number;
  }[];
}

export interface NewRefund {
  id: string;
  orderId: string;
  idempotencyKey: string;
  requestFingerprint: string;
  kind: 'refund' | 'cancel';
  amount: number;
  currency: string;
  lines: RefundLine[];
  restock: boolean;
  reason: string | null;
  actorEmail: string | null;
  createdAt: string;
}

export type StoredRefund = Selectable<OrderRefundsTable>;

/** The refund's lines from their JSON column. */
export const refundLines = (refund: StoredRefund): RefundLine[] =>
  JSON.parse(refund.lines) as RefundLine[];

/** A stored refund as the back office's API shows it. */
export const toOrderRefund = (refund: StoredRefund): OrderRefund => ({
  id: refund.id,
  kind: refund.kind,
  status: refund.status,
  amount: refund.amount,
  lines: refundLines(refund).map(({ position, quantity }) => ({ lineIndex: position, quantity })),
  restock: refund.restock === 1,
  reason: refund.reason,
  by: refund.actor_email,
  createdAt: refund.created_at,
  settledAt: refund.settled_at,
  failure: refund.failure,
});

/**
 * Refunds and cancellations of orders (ADR 047). Every function takes the handle to use, so the
 * service runs them in its transactions.
 */
export const refundRepository = {
  /** The order as the refund rules need it (pending or paid), or undefined. */
  async refundable(db: Kysely<Database>, id: string): Promise<RefundableOrder | undefined> {
    const row = await db
      .selectFrom('orders')
      .select(['id', 'status', 'charge_id', 'currency', 'user_id', 'shipped_at', 'cancelled_at'])
      .where('id', '=', id)
      .executeTakeFirst();
    if (!row) return undefined;
    const lines = await db
      .selectFrom('order_lines')
      .select([
        'position',
        'item_id',
        'name',
        'size',
        'unit_price',
        'quantity',
        'refunded_quantity',
      ])
      .where('order_id', '=', id)
      .orderBy('position')
      .execute();
    return {
      id: row.id,
      status: row.status,
      chargeId: row.charge_id,
      currency: row.currency,
      userId: row.user_id,
      shippedAt: row.shipped_at,
      cancelledAt: row.cancelled_at,
      lines: lines.map((line) => ({
        position: line.position,
        productId: line.item_id,
        name: line.name,
        size: line.size,
        unitPrice: line.unit_price,
        quantity: line.quantity,
        refundedQuantity: line.refunded_quantity,
      })),
    };
  },

  findByKey(db: Kysely<Database>, idempotencyKey: string) {
    return db
      .selectFrom('order_refunds')
      .selectAll()
      .where('idempotency_key', '=', idempotencyKey)
      .executeTakeFirst();
  },

  find(db: Kysely<Database>, id: string) {
    return db.selectFrom('order_refunds').selectAll().where('id', '=', id).executeTakeFirst();
  },

  /** An order's refunds, oldest first. */
  listForOrder(db: Kysely<Database>, orderId: string) {
    return db
      .selectFrom('order_refunds')
      .selectAll()
      .where('order_id', '=', orderId)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
  },

  /** Up to `limit` pending refunds created before `before`, by id after `after`. */
  listPending(
    db: Kysely<Database>,
    { after, before, limit }: { after: string; before: string; limit: number },
  ) {
    return db
      .selectFrom('order_refunds')
      .selectAll()
      .where('status', '=', 'pending')
      .where('id', '>', after)
      .where('created_at', '<', before)
      .orderBy('id')
      .limit(limit)
      .execute();
  },

  /**
   * Claims `quantity` more of the line for a refund; false (nothing changed) when fewer than
   * that are left unrefunded. The condition is in the update itself, so it holds even without
   * the caller's lock.
   */
  async claim(
    db: Kysely<Database>,
    orderId: string,
    { position, quantity }: RefundLine,
  ): Promise<boolean> {
    const claimed = await db
      .updateTable('order_lines')
      .set((eb) => ({ refunded_quantity: eb('refunded_quantity', '+', quantity) }))
      .where('order_id', '=', orderId)
      .where('position', '=', position)
      .where((eb) => eb(eb('quantity', '-', eb.ref('refunded_quantity')), '>=', quantity))
      .executeTakeFirst();
    return claimed.numUpdatedRows === 1n;
  },

  /** Gives back the claim of a refund that failed. */
  async release(db: Kysely<Database>, orderId: string, lines: readonly RefundLine[]) {
    for (const { position, quantity } of lines) {
      await db
        .updateTable('order_lines')
        .set((eb) => ({ refunded_quantity: eb('refunded_quantity', '-', quantity) }))
        .where('order_id', '=', orderId)
        .where('position', '=', position)
        .execute();
    }
  },

  async insert(db: Kysely<Database>, refund: NewRefund): Promise<void> {
    await db
      .insertInto('order_refunds')
      .values({
        id: refund.id,
        order_id: refund.orderId,
        idempotency_key: refund.idempotencyKey,
        request_fingerprint: refund.requestFingerprint,
        kind: refund.kind,
        amount: refund.amount,
        currency: refund.currency,
        lines: JSON.stringify(refund.lines),
        restock: refund.restock ? 1 : 0,
        reason: refund.reason,
        status: 'pending',
        provider_refund_id: null,
        failure: null,
        actor_email: refund.actorEmail,
        created_at: refund.createdAt,
        settled_at: null,
      })
      .execute();
  },

  /**
   * Settles a pending refund as `succeeded` or `failed`; true when this call did (a refund is
   * settled once, whoever tries at the same time).
   */
  async settle(
    db: Kysely<Database>,
    id: string,
    outcome: {
      status: 'succeeded' | 'failed';
      providerRefundId: string | null;
      failure: string | null;
    },
  ): Promise<boolean> {
    const settled = await db
      .updateTable('order_refunds')
      .set({
        status: outcome.status,
        provider_refund_id: outcome.providerRefundId,
        failure: outcome.failure,
        settled_at: new Date().toISOString(),
      })
      .where('id', '=', id)
      .where('status', '=', 'pending')
      .executeTakeFirst();
    return settled.numUpdatedRows === 1n;
  },

  /** Adds a succeeded refund's amount to its order's refunded total. */
  async addRefunded(db: Kysely<Database>, orderId: string, amount: number): Promise<void> {
    await db
      .updateTable('orders')
      .set((eb) => ({ refunded_total: eb('refunded_total', '+', amount) }))
      .where('id', '=', orderId)
      .execute();
  },

  /**
   * Marks a paid, unshipped order cancelled; true when this call did. False when it is unknown,
   * pending, shipped or cancelled already: of a cancellation and a shipment at once, one holds.
   */
  async markCancelled(db: Kysely<Database>, id: string, at: string): Promise<boolean> {
    const marked = await db
      .updateTable('orders')
      .set({ cancelled_at: at })
      .where('id', '=', id)
      .where('status', '=', 'paid')
      .where('shipped_at', 'is', null)
      .where('cancelled_at', 'is', null)
      .executeTakeFirst();
    return marked.numUpdatedRows === 1n;
  },
};
