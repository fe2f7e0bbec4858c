import { sql, type Kysely, type Selectable } from 'kysely';
import type { Order, OrderLine } from '#shared/orders.ts';
import type { CardBrand } from '#shared/payment-cards.ts';
import type { PaymentAddress } from '#shared/payment-widget.ts';
import { isPostgres } from '#server/platform/database/database.ts';
import type { Database, OrderLinesTable, OrdersTable } from '#server/platform/database/schema.ts';

/** The newest orders a shopper's list shows; older ones stay stored. */
export const ORDER_LIST_LIMIT = 100;

export interface NewOrder {
  id: string;
  idempotencyKey: string;
  requestFingerprint: string;
  userId: string | null;
  email: string;
  currency: string;
  total: number;
  chargeId: string;
  card: { brand: CardBrand; last4: string };
  lines: OrderLine[];
  billingAddress: PaymentAddress | null;
  shippingAddress: PaymentAddress | null;
  createdAt: string;
}

/** An order with its owner, which the API document does not show. */
export interface StoredOrder {
  order: Order;
  userId: string | null;
}

const parseAddress = (json: string | null) =>
  json === null ? null : (JSON.parse(json) as PaymentAddress);

/** The one place rows become API documents, so database differences never reach a route. */
function toOrder(row: Selectable<OrdersTable>, lines: Selectable<OrderLinesTable>[]): Order {
  return {
    id: row.id,
    status: row.status,
    currency: 'usd',
    total: row.total,
    email: row.email,
    lines: lines
      .sort((a, b) => a.position - b.position)
      .map((line) => ({
        id: line.item_id,
        name: line.name,
        unitPrice: line.unit_price,
        quantity: line.quantity,
        lineTotal: line.line_total,
      })),
    billingAddress: parseAddress(row.billing_address),
    shippingAddress: parseAddress(row.shipping_address),
    card: { brand: row.card_brand as CardBrand, last4: row.card_last4 },
    createdAt: row.created_at,
  };
}

/**
 * The shop's orders. Every function takes the Kysely instance to use, so the order can be
 * written inside the transaction that charges it (pass the transaction's connection there).
 */
export const orderRepository = {
  /** The order already made with this idempotency key, if any: its id and request fingerprint. */
  async findByIdempotencyKey(db: Kysely<Database>, key: string) {
    return db
      .selectFrom('orders')
      .select(['id', 'request_fingerprint'])
      .where('idempotency_key', '=', key)
      .executeTakeFirst();
  },

  async insert(db: Kysely<Database>, order: NewOrder): Promise<void> {
    await db
      .insertInto('orders')
      .values({
        id: order.id,
        idempotency_key: order.idempotencyKey,
        request_fingerprint: order.requestFingerprint,
        user_id: order.userId,
        email: order.email,
        currency: order.currency,
        total: order.total,
        status: 'paid',
        charge_id: order.chargeId,
        card_brand: order.card.brand,
        card_last4: order.card.last4,
        billing_address: order.billingAddress && JSON.stringify(order.billingAddress),
        shipping_address: order.shippingAddress && JSON.stringify(order.shippingAddress),
        created_at: order.createdAt,
      })
      .execute();
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
        })),
      )
      .execute();
  },

  async find(db: Kysely<Database>, id: string): Promise<StoredOrder | undefined> {
    const row = await db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) return undefined;
    const lines = await db
      .selectFrom('order_lines')
      .selectAll()
      .where('order_id', '=', id)
      .execute();
    return { order: toOrder(row, lines), userId: row.user_id };
  },

  /** A user's orders, newest first (at most ORDER_LIST_LIMIT). */
  async listForUser(db: Kysely<Database>, userId: string): Promise<Order[]> {
    const rows = await db
      .selectFrom('orders')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('created_at', 'desc')
      // Two orders in one millisecond keep the order they were written in.
      .orderBy(sql.ref(isPostgres(db) ? 'seq' : 'rowid'), 'desc')
      .limit(ORDER_LIST_LIMIT)
      .execute();
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
  },
};
