import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { Product } from '#shared/catalogue-model.ts';
import {
  canonicalOrderRequest,
  priceOrderLines,
  type CreateOrderBody,
  type CreateOrderResponse,
  type Order,
  type Shipment,
  type UnavailableLine,
} from '#shared/orders.ts';
import type { CatalogueService, StockLine } from '#server/modules/catalogue/catalogue-service.ts';
import type {
  ChargeFailureCode,
  PaymentProvider,
} from '#server/modules/payments/payments-service.ts';
import { randomId } from '#server/platform/ids.ts';
import { inWriteTransaction, type Db } from '#server/platform/database/transaction.ts';
import { type BackOfficeOrderFilter, orderRepository } from './order-repository.ts';
import { createRefundService, type RefundServiceOptions } from './orders-refunds.ts';

export interface OrderServiceOptions {
  db: Db;
  /** Prices and sizes from the database catalogue; stock taken and put back with the orders. */
  catalogue: Pick<
    CatalogueService,
    'reader' | 'takeStock' | 'returnStock' | 'stockLevels' | 'stockChanged'
  >;
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
  /**
   * Told once a paid order is marked shipped, with its receipt for a guest: queues the "order
   * shipped" email. Told again whenever the same shipment is given again (so a call that died
   * before telling it can simply be repeated): it must do its work once per order (an event key).
   * If it throws, `markShipped` rejects, with the order shipped.
   */
  onShipped?: (order: Order, receipt: string | null) => Promise<void>;
  /** Told once a refund of lines went through (ADR 047): queues its email, once per refund. */
  onRefunded?: RefundServiceOptions['onRefunded'];
  /** Told once an order is cancelled (ADR 047): queues its email, once per order. */
  onCancelled?: RefundServiceOptions['onCancelled'];
  /** Where a refund the provider could not be asked for is reported (it stays pending). */
  logRefundError?: RefundServiceOptions['logError'];
}

/** What the shop owner gives to mark an order shipped. */
export interface ShipmentInput {
  carrier: string;
  trackingNumber: string;
}

export type MarkShippedResult =
  | { kind: 'shipped' | 'already_shipped'; order: Order; shipment: Shipment }
  | { kind: 'shipped_otherwise'; shipment: Shipment }
  | { kind: 'invalid'; message: string }
  | { kind: 'not_found' | 'not_paid' | 'cancelled' };

export type PlaceOrderResult =
  | { kind: 'created' | 'existing'; response: CreateOrderResponse }
  | { kind: 'invalid_line'; message: string }
  | { kind: 'out_of_stock'; unavailable: UnavailableLine[] }
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

/** The longest carrier name or tracking number recorded, in characters. */
export const SHIPMENT_TEXT_MAX = 60;
const TRACKING_NUMBER = /^[A-Za-z0-9 -]+$/;

/** Runs of white space as one space, none at either end: how a shipment's texts are kept. */
const tidy = (text: string) => text.trim().replace(/\s+/g, ' ');

/**
 * The order id and shipment as recorded (white space tidied), or why they cannot be: an id that
 * is no order number, a carrier that is not 1 to 60 characters (none of them control
 * characters), a tracking number that is not 1 to 60 letters, digits, spaces or dashes.
 */
export function checkShipmentInput(
  orderId: string,
  input: ShipmentInput,
): { ok: true; orderId: string; shipment: ShipmentInput } | { ok: false; message: string } {
  const id = orderId.trim();
  const carrier = tidy(input.carrier);
  const trackingNumber = tidy(input.trackingNumber);
  const fail = (message: string) => ({ ok: false as const, message });
  if (!ORDER_ID.test(id)) {
    return fail(
      `${id || 'An empty order number'} is not an order number: ord_ and 24 letters or digits.`,
    );
  }
  if (carrier === '' || [...carrier].length > SHIPMENT_TEXT_MAX || /\p{Cc}/u.test(carrier)) {
    return fail(`The carrier is 1 to ${SHIPMENT_TEXT_MAX} characters, such as Royal Mail.`);
  }
  if (trackingNumber.length > SHIPMENT_TEXT_MAX || !TRACKING_NUMBER.test(trackingNumber)) {
    return fail(
      `The tracking number is 1 to ${SHIPMENT_TEXT_MAX} letters, digits, spaces or dashes, such as AB123456789GB.`,
    );
  }
  return { ok: true, orderId: id, shipment: { carrier, trackingNumber } };
}

/** The secret that opens an order placed without signing in (its receipt link). */
const receiptOf = (receiptSecret: string, orderId: string) =>
  createHmac('sha256', receiptSecret).update(`order-receipt:${orderId}`).digest('base64url');

/**
 * Shipping paid orders (issue 15; ADR 040), apart from placing them so that the shop owner's
 * command (scripts/orders/ship.ts) needs neither the catalogue nor the payment provider.
 */
export function createShipmentService({
  db,
  receiptSecret,
  onShipped,
}: Pick<OrderServiceOptions, 'db' | 'receiptSecret' | 'onShipped'>) {
  return {
    /**
     * Records that a paid order left with `carrier` under `trackingNumber` and tells `onShipped`
     * (the email). Refused for an unknown or pending order, and for an order shipped already with
     * another carrier or tracking number; the same shipment again changes nothing (and tells
     * `onShipped` again, which queues nothing twice). Safe to call twice at once, on any server.
     */
    async markShipped(orderId: string, input: ShipmentInput): Promise<MarkShippedResult> {
      const checked = checkShipmentInput(orderId, input);
      if (!checked.ok) return { kind: 'invalid', message: checked.message };
      const { carrier, trackingNumber } = checked.shipment;
      const id = checked.orderId;
      const marked = await orderRepository.markShipped(db, id, {
        shippedAt: new Date().toISOString(),
        carrier,
        trackingNumber,
      });
      const stored = await orderRepository.find(db, id);
      if (!stored) {
        return { kind: (await orderRepository.statusOf(db, id)) ? 'not_paid' : 'not_found' };
      }
      const { shipment } = stored.order;
      if (shipment === null && stored.order.cancelledAt !== null) return { kind: 'cancelled' };
      // Paid since the update found it pending: it was not paid when asked.
      if (shipment === null) return { kind: 'not_paid' };
      if (shipment.carrier !== carrier || shipment.trackingNumber !== trackingNumber) {
        return { kind: 'shipped_otherwise', shipment };
      }
      await onShipped?.(
        stored.order,
        stored.userId === null ? receiptOf(receiptSecret, stored.order.id) : null,
      );
      return { kind: marked ? 'shipped' : 'already_shipped', order: stored.order, shipment };
    },
  };
}

type KeyOrder = NonNullable<Awaited<ReturnType<typeof orderRepository.findByKey>>>;

/** What the recording transaction did: took the stock, found the key's order, or fell short. */
type Recorded =
  | { kind: 'taken' | 'recorded'; order: KeyOrder }
  | { kind: 'out_of_stock'; unavailable: UnavailableLine[] };

/** The advisory scope of one product size's stock row: only orders of the same size queue. */
const stockScope = ({ productId, size }: Pick<StockLine, 'productId' | 'size'>) =>
  `stock:${productId}:${size}`;

/**
 * Why a line cannot be ordered as sent, checked against the catalogue as it is now, or
 * undefined when it can: a product not on sale, a garment without a size, a size the product
 * does not come in, or a size given for a one-size product. Lines are counted from 1.
 */
function lineProblem(
  line: CreateOrderBody['lines'][number],
  index: number,
  product: Product | undefined,
): string | undefined {
  const which = `Line ${index + 1}`;
  if (!product) return `${which}: item ${line.id} is not on sale.`;
  const named = `${which} (${product.name})`;
  if (product.sizeKind === null) {
    return line.size ? `${named} is one size; send it without a size.` : undefined;
  }
  const sizes = product.sizes.map(({ size }) => size);
  if (!line.size) return `${named} needs a size: one of ${sizes.join(', ')}.`;
  if (!sizes.includes(line.size)) {
    return `${named} does not come in size ${line.size}: choose one of ${sizes.join(', ')}.`;
  }
  return undefined;
}

/**
 * Orders: priced from the database catalogue (never from the browser), each line's size checked
 * against its product, its stock taken in the transaction that records the order as pending
 * under its idempotency key (ADR 037), charged once per key outside any database transaction,
 * then marked paid (ADR 030), and shown only to their owner (or, for an order placed without signing in, to
 * whoever holds its receipt).
 */
export function createOrderService({
  db,
  catalogue,
  payments,
  receiptSecret,
  onPaid,
  confirmationQueued,
  onShipped,
  onRefunded,
  onCancelled,
  logRefundError,
}: OrderServiceOptions) {
  const withEmail = async (order: Order): Promise<Order> =>
    (await confirmationQueued?.(order.id)) ? { ...order, confirmationEmail: 'queued' } : order;

  const receiptFor = (orderId: string) => receiptOf(receiptSecret, orderId);

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
      // Prices and sizes from the database catalogue as it is now, never the compiled one.
      const products = new Map(
        (await catalogue.reader.products([...new Set(body.lines.map((line) => line.id))])).map(
          (product) => [product.id, product],
        ),
      );
      for (const [index, line] of body.lines.entries()) {
        const problem = lineProblem(line, index, products.get(line.id));
        if (problem) return { kind: 'invalid_line', message: problem };
      }
      const priced = priceOrderLines(body.lines, (id) => products.get(id));
      if (!priced) return { kind: 'invalid_line', message: 'An item is not on sale.' };
      // The shopper approved an amount in the widget; never charge another one.
      if (priced.total !== body.approvedTotal) {
        return { kind: 'total_changed', total: priced.total, approvedTotal: body.approvedTotal };
      }
      const orderScope = `order-key:${body.idempotencyKey}`;
      const fingerprint = createHash('sha256')
        .update(canonicalOrderRequest(body, userId))
        .digest('base64url');
      const stock: StockLine[] = body.lines.map(({ id, size, quantity }) => ({
        productId: id,
        size: size ?? '',
        quantity,
      }));
      // Orders of other sizes and products go on at the same time; the same size queues.
      const scopes = [orderScope, ...stock.map(stockScope)];

      const recorded = await inWriteTransaction<Recorded>(db, scopes, async (connection) => {
        // A retry (or a twin) of a recorded order: its stock is taken already.
        const existing = await orderRepository.findByKey(connection, body.idempotencyKey);
        if (existing) return { commit: false, result: { kind: 'recorded', order: existing } };
        const taken = await catalogue.takeStock(connection, stock);
        // Named in the order's own line order, whatever order the stock rows were locked in.
        const short = stock.filter((line) =>
          taken.some((other) => stockScope(other) === stockScope(line)),
        );
        if (short.length > 0) {
          const left = await catalogue.stockLevels(connection, short);
          const unavailable = short.map((line, index): UnavailableLine => {
            const name = products.get(line.productId)?.name ?? `Item ${line.productId}`;
            const available = Math.min(left[index] ?? 0, line.quantity - 1);
            return line.size
              ? { id: line.productId, size: line.size, name, quantity: line.quantity, available }
              : { id: line.productId, name, quantity: line.quantity, available };
          });
          // Nothing taken, nothing recorded, nothing charged.
          return { commit: false, result: { kind: 'out_of_stock', unavailable } };
        }
        const id = randomId('ord', 24);
        const order = await orderRepository.recordPending(connection, {
          id,
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
        });
        // Another server's order under the key after all (the unique key stands behind the
        // scope): the stock just taken is not this request's to take.
        if (order.id !== id) return { commit: false, result: { kind: 'recorded', order } };
        return { commit: true, result: { kind: 'taken', order } };
      });
      if (recorded.kind === 'out_of_stock') return recorded;
      if (recorded.kind === 'taken') await catalogue.stockChanged();
      const { order } = recorded;
      if (order.request_fingerprint !== fingerprint) return { kind: 'conflict' };
      if (order.status === 'paid') return answer('existing', order.id);

      // Whatever happens from here, the pending order and the key let a retry (or the
      // reconciliation) finish: the provider charges a key once.
      const charge = await payments.chargeToken({
        token: body.token,
        amount: priced.total,
        currency: priced.currency,
        idempotencyKey: body.idempotencyKey,
      });
      if (!charge.ok) {
        // Nothing was charged: the key is free again, as if the order was never tried, and the
        // stock the order took is back on sale.
        if (DEFINITIVE_FAILURES.has(charge.code)) {
          const returned = await inWriteTransaction(db, scopes, async (connection) => {
            const lines = await orderRepository.removePending(connection, order.id);
            if (lines.length > 0) await catalogue.returnStock(connection, lines);
            return { commit: true, result: lines.length > 0 };
          });
          if (returned) await catalogue.stockChanged();
        }
        return { kind: 'charge_failed', code: charge.code, message: charge.message };
      }
      // Of twins racing with one key, the one that marks it answers 201, the others 200.
      const marked = await orderRepository.markPaid(db, order.id, charge);
      return answer(marked ? 'created' : 'existing', order.id);
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

    /** Paid orders for the back office, newest first, filtered (issue 14). */
    listForBackOffice: (filter: BackOfficeOrderFilter) =>
      orderRepository.listForBackOffice(db, filter),

    /** Paid orders and revenue per UTC day since `fromDay` (YYYY-MM-DD). */
    dailyTotals: (fromDay: string) => orderRepository.dailyTotals(db, fromDay),

    /** Paid orders and money spent per account. */
    statsByUser: (userIds: readonly string[]) => orderRepository.statsByUser(db, userIds),

    /** One paid order for the back office, whoever placed it. */
    async findForBackOffice(id: string): Promise<Order | null> {
      if (!ORDER_ID.test(id)) return null;
      return (await orderRepository.find(db, id))?.order ?? null;
    },

    /** Every one of a shopper's paid orders, for the copy of their data they download. */
    allForUser: (userId: string): Promise<Order[]> =>
      orderRepository.listForUser(db, userId, Number.MAX_SAFE_INTEGER),

    /** Keeps a deleted account's orders without its name and email; how many there were. */
    forgetCustomer: (userId: string): Promise<number> =>
      inWriteTransaction(db, [`forget:${userId}`], async (connection) => ({
        commit: true,
        result: await orderRepository.forgetCustomer(connection, userId),
      })),

    ...createShipmentService({ db, receiptSecret, onShipped }),

    ...createRefundService({
      db,
      catalogue,
      payments,
      receiptFor,
      onRefunded,
      onCancelled,
      logError: logRefundError,
    }),
  };
}

export type OrderService = ReturnType<typeof createOrderService>;
