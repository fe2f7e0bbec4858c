import { sql, type Kysely, type Selectable } from 'kysely';
import type { Order, OrderLine, Shipment } from '#shared/orders.ts';
import type { CardBrand } from '#shared/payment-cards.ts';
import type { PaymentAddress } from '#shared/payment-widget.ts';
import { isPostgres } from '#server/platform/database/database.ts';
import { containsText } from '#server/platform/database/contains-text.ts';
import type { Database, OrderLinesTable, OrdersTable } from '#server/platform/database/schema.ts';

/** The newest orders a shopper's list shows; older ones stay stored. */
export const ORDER_LIST_LIMIT = 100;

/** An order as first recorded, before its charge (ADR 030). */
export interface NewOrder {
  id: string;
  idempotencyKey: string;
  requestFingerprint: string;
  userId: string | null;
  email: string;
  currency: string;
  total: number;
  lines: OrderLine[];
  billingAddress: PaymentAddress | null;
  shippingAddress: PaymentAddress | null;
  createdAt: string;
}

/** What a paid order records of its charge. */
export interface OrderCharge {
  chargeId: string;
  card: { brand: CardBrand; last4: string };
}

/** An order with its owner, which the API document does not show. */
export interface StoredOrder {
  order: Order;
  userId: string | null;
}

const parseAddress = (json: string | null) =>
  json === null ? null : (JSON.parse(json) as PaymentAddress);

/** A line of a removed pending order, for putting its stock back. */
export interface RemovedLine {
  productId: number;
  /** '' for a one-size product. */
  size: string;
  quantity: number;
}

/** The one place rows become API documents, so database differences never reach a route. */
function toOrder(row: Selectable<OrdersTable>, lines: Selectable<OrderLinesTable>[]): Order {
  return {
    id: row.id,
    status: 'paid',
    currency: 'usd',
    total: row.total,
    email: row.email,
    lines: lines
      .sort((a, b) => a.position - b.position)
      .map((line) => ({
        id: line.item_id,
        name: line.name,
        ...(line.size ? { size: line.size } : {}),
        unitPrice: line.unit_price,
        quantity: line.quantity,
        lineTotal: line.line_total,
        ...(line.refunded_quantity > 0 ? { refundedQuantity: line.refunded_quantity } : {}),
      })),
    billingAddress: parseAddress(row.billing_address),
    shippingAddress: parseAddress(row.shipping_address),
    card:
      row.card_last4 === null
        ? null
        : { brand: row.card_brand as CardBrand, last4: row.card_last4 },
    createdAt: row.created_at,
    shipment:
      row.shipped_at === null || row.carrier === null || row.tracking_number === null
        ? null
        : { shippedAt: row.shipped_at, carrier: row.carrier, trackingNumber: row.tracking_number },
    cancelledAt: row.cancelled_at,
    refundedTotal: row.refunded_total,
  };
}

/**
 * The shop's orders. Every function takes the Kysely instance to use, so a service can run
 * several in one transaction (pass the transaction's connection there). Only paid orders are
 * ever read back as documents: a pending one is no order yet to a shopper.
 */
/** What the back office's order list narrows by. */
export interface BackOfficeOrderFilter {
  shipped?: boolean;
  /** Cancelled orders only (true), or none of them (false). */
  cancelled?: boolean;
  /** Orders with money refunded only. */
  refunded?: boolean;
  from?: string;
  to?: string;
  customer?: string;
  limit: number;
  offset: number;
}

/** The orders of `rows` with their lines, in the rows' order. */
async function withLines(db: Kysely<Database>, rows: Selectable<OrdersTable>[]): Promise<Order[]> {
  if (rows.length === 0) return [];
  const lines = await db
    .selectFrom('order_lines')
    .selectAll()
    .where(
      'order_id',
      'in',
      rows.map((row) => row.id),
    )
    .execute();
  return rows.map((row) =>
    toOrder(
      row,
      lines.filter((line) => line.order_id === row.id),
    ),
  );
}

export const orderRepository = {
  /** The order recorded under an idempotency key (pending or paid), if any. */
  findByKey(db: Kysely<Database>, idempotencyKey: string) {
    return db
      .selectFrom('orders')
      .select(['id', 'request_fingerprint', 'status'])
      .where('idempotency_key', '=', idempotencyKey)
      .executeTakeFirst();
  },

  /**
   * Records `order` as pending with its lines, unless its idempotency key already has an order
   * (the unique key decides between two servers); either way, returns the key's order: its id,
   * request fingerprint and status. Each line's size is stored ('' for one size), which also
   * marks the order as one whose stock was taken.
   */
  async recordPending(db: Kysely<Database>, order: NewOrder) {
    const inserted = await db
      .insertInto('orders')
      .values({
        id: order.id,
        idempotency_key: order.idempotencyKey,
        request_fingerprint: order.requestFingerprint,
        user_id: order.userId,
        email: order.email,
        currency: order.currency,
        total: order.total,
        status: 'pending',
        charge_id: null,
        card_brand: null,
        card_last4: null,
        billing_address: order.billingAddress && JSON.stringify(order.billingAddress),
        shipping_address: order.shippingAddress && JSON.stringify(order.shippingAddress),
        created_at: order.createdAt,
      })
      .onConflict((conflict) => conflict.column('idempotency_key').doNothing())
      .executeTakeFirst();
    if (inserted.numInsertedOrUpdatedRows === 1n) {
      await db
        .insertInto('order_lines')
        .values(
          order.lines.map((line, position) => ({
            order_id: order.id,
            position,
            item_id: line.id,
            name: line.name,
            unit_price: line.unitPrice,
            quantity: line.quantity,
            line_total: line.lineTotal,
            size: line.size ?? '',
          })),
        )
        .execute();
    }
    const recorded = await orderRepository.findByKey(db, order.idempotencyKey);
    if (!recorded) throw new Error(`no order under key ${order.idempotencyKey} after its insert`);
    return recorded;
  },

  /**
   * Marks a pending order paid with its charge; true when this call did. False when it was paid
   * already (a retry or the reconciliation got there first): an order is paid once, by one charge.
   */
  async markPaid(db: Kysely<Database>, id: string, charge: OrderCharge): Promise<boolean> {
    const marked = await db
      .updateTable('orders')
      .set({
        status: 'paid',
        charge_id: charge.chargeId,
        card_brand: charge.card.brand,
        card_last4: charge.card.last4,
      })
      .where('id', '=', id)
      .where('status', '=', 'pending')
      .executeTakeFirst();
    return marked.numUpdatedRows === 1n;
  },

  /**
   * Removes a pending order and its lines (never a paid one), so its key can be used again.
   * Returns the lines whose stock it had taken, to be put back in the same transaction: none
   * when the order was not pending, or was recorded before stock was kept (size NULL).
   */
  async removePending(db: Kysely<Database>, id: string): Promise<RemovedLine[]> {
    const pending = db
      .selectFrom('orders')
      .select('id')
      .where('id', '=', id)
      .where('status', '=', 'pending');
    const lines = await db
      .selectFrom('order_lines')
      .select(['item_id', 'size', 'quantity'])
      .where('order_id', 'in', pending)
      .orderBy('position')
      .execute();
    await db.deleteFrom('order_lines').where('order_id', 'in', pending).execute();
    await db.deleteFrom('orders').where('id', 'in', pending).execute();
    return lines.flatMap(({ item_id: productId, size, quantity }) =>
      size === null ? [] : [{ productId, size, quantity }],
    );
  },

  /**
   * Records the shipment of a paid order not yet shipped; true when this call did. False when the
   * order is unknown, pending or already shipped: a shipment is recorded once, and of two calls
   * at once exactly one records it (the second finds `shipped_at` set when it gets the row).
   */
  async markShipped(db: Kysely<Database>, id: string, shipment: Shipment): Promise<boolean> {
    const marked = await db
      .updateTable('orders')
      .set({
        shipped_at: shipment.shippedAt,
        carrier: shipment.carrier,
        tracking_number: shipment.trackingNumber,
      })
      .where('id', '=', id)
      .where('status', '=', 'paid')
      .where('shipped_at', 'is', null)
      // A cancelled order never ships (ADR 047): of a cancel and a shipment at once, one holds.
      .where('cancelled_at', 'is', null)
      .executeTakeFirst();
    return marked.numUpdatedRows === 1n;
  },

  /** Whether an order of that id is recorded, paid or still pending (undefined: none). */
  async statusOf(db: Kysely<Database>, id: string): Promise<'pending' | 'paid' | undefined> {
    const row = await db
      .selectFrom('orders')
      .select('status')
      .where('id', '=', id)
      .executeTakeFirst();
    return row?.status;
  },

  /** Up to `limit` pending orders after the id `after`, by id: the reconciliation's pages. */
  listPending(db: Kysely<Database>, { after, limit }: { after: string; limit: number }) {
    return db
      .selectFrom('orders')
      .select(['id', 'idempotency_key'])
      .where('status', '=', 'pending')
      .where('id', '>', after)
      .orderBy('id')
      .limit(limit)
      .execute();
  },

  /** A paid order by id, with its owner. */
  async find(db: Kysely<Database>, id: string): Promise<StoredOrder | undefined> {
    const row = await db
      .selectFrom('orders')
      .selectAll()
      .where('id', '=', id)
      .where('status', '=', 'paid')
      .executeTakeFirst();
    if (!row) return undefined;
    const lines = await db
      .selectFrom('order_lines')
      .selectAll()
      .where('order_id', '=', id)
      .execute();
    return { order: toOrder(row, lines), userId: row.user_id };
  },

  /** A user's paid orders, newest first (at most `limit`). */
  async listForUser(
    db: Kysely<Database>,
    userId: string,
    limit: number = ORDER_LIST_LIMIT,
  ): Promise<Order[]> {
    const rows = await db
      .selectFrom('orders')
      .selectAll()
      .where('user_id', '=', userId)
      .where('status', '=', 'paid')
      .orderBy('created_at', 'desc')
      // Two orders in one millisecond keep the order they were written in.
      .orderBy(sql.ref(isPostgres(db) ? 'seq' : 'rowid'), 'desc')
      .limit(limit)
      .execute();
    return withLines(db, rows);
  },

  /**
   * Paid orders for the back office, newest first, narrowed by shipping state, a time range
   * (ISO 8601, `from` included, `to` not) and a customer's address (part of it, any case).
   */
  async listForBackOffice(
    db: Kysely<Database>,
    filter: BackOfficeOrderFilter,
  ): Promise<{ orders: Order[]; total: number }> {
    let query = db.selectFrom('orders').where('status', '=', 'paid');
    if (filter.shipped !== undefined) {
      query = query.where('shipped_at', filter.shipped ? 'is not' : 'is', null);
    }
    if (filter.cancelled !== undefined) {
      query = query.where('cancelled_at', filter.cancelled ? 'is not' : 'is', null);
    }
    if (filter.refunded) query = query.where('refunded_total', '>', 0);
    if (filter.from) query = query.where('created_at', '>=', filter.from);
    if (filter.to) query = query.where('created_at', '<', filter.to);
    if (filter.customer) query = query.where(containsText('email', filter.customer));
    const counted = await query
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const rows = await query
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(filter.limit)
      .offset(filter.offset)
      .execute();
    return { orders: await withLines(db, rows), total: Number(counted.n) };
  },

  /**
   * Paid orders and revenue per UTC day since `fromDay` (YYYY-MM-DD), for the dashboard: money
   * refunded is taken off the day of its order, and a cancelled order is not counted (ADR 047).
   */
  async dailyTotals(db: Kysely<Database>, fromDay: string) {
    const day = sql<string>`substr(created_at, 1, 10)`;
    const rows = await db
      .selectFrom('orders')
      .select([
        day.as('day'),
        (eb) => eb.fn.countAll<number>().filterWhere('cancelled_at', 'is', null).as('orders'),
        sql<number>`sum(total - refunded_total)`.as('revenue'),
      ])
      .where('status', '=', 'paid')
      .where('created_at', '>=', `${fromDay}T00:00:00.000Z`)
      .groupBy(day)
      .execute();
    return rows.map((row) => ({
      day: row.day,
      orders: Number(row.orders),
      revenue: Number(row.revenue),
    }));
  },

  /** How many paid orders each account placed and what they spent, for the customer list. */
  async statsByUser(db: Kysely<Database>, userIds: readonly string[]) {
    if (userIds.length === 0) return new Map<string, { orders: number; spent: number }>();
    const rows = await db
      .selectFrom('orders')
      .select([
        'user_id',
        (eb) => eb.fn.countAll<number>().as('orders'),
        sql<number>`sum(total - refunded_total)`.as('spent'),
      ])
      .where('status', '=', 'paid')
      .where('user_id', 'in', userIds)
      .groupBy('user_id')
      .execute();
    return new Map(
      rows.map((row) => [
        row.user_id ?? '',
        { orders: Number(row.orders), spent: Number(row.spent) },
      ]),
    );
  },

  /**
   * Keeps a deleted account's orders for the shop's records without who placed them: no account,
   * no email, and the addresses without the name (issue 15).
   */
  async forgetCustomer(db: Kysely<Database>, userId: string): Promise<number> {
    const rows = await db
      .selectFrom('orders')
      .select(['id', 'billing_address', 'shipping_address'])
      .where('user_id', '=', userId)
      .execute();
    const withoutName = (stored: string | null) => {
      const address = parseAddress(stored);
      return address ? JSON.stringify({ ...address, name: '' }) : null;
    };
    for (const row of rows) {
      await db
        .updateTable('orders')
        .set({
          user_id: null,
          email: '',
          billing_address: withoutName(row.billing_address),
          shipping_address: withoutName(row.shipping_address),
        })
        .where('id', '=', row.id)
        .execute();
    }
    return rows.length;
  },
};
