import { z } from './zod.ts';
import { apiErrorSchema } from './api-errors.ts';
import { MAX_LINE_QUANTITY, MIN_LINE_QUANTITY } from './cart.ts';
import { checkDistinctLines, lineSizeSchema, MAX_CART_LINES } from './carts.ts';
import type { Item } from './catalogue.ts';
import type { Cents } from './money.ts';
import type { CardBrand } from './payment-cards.ts';
import { paymentAddressSchema, type PaymentAddress } from './payment-widget.ts';
import type { UnavailableLine } from './unavailable-lines.ts';
import { orderLineSchema, type OrderLine } from './order-lines.ts';

export type { UnavailableLine } from './unavailable-lines.ts';

/** The shop sells in US dollars only; amounts are integer cents. */
export const ORDER_CURRENCY = 'usd';
export const MAX_ORDER_LINES = MAX_CART_LINES;

/**
 * POST /api/orders. Only what the shopper chose travels: item ids, sizes and quantities. Whether a
 * product has that size, and has it in stock, is the server's to check. Prices, totals
 * and amounts are computed by the server from the catalogue, so a body that carries any of them
 * (or any other unknown field) is refused with 400 before anything is charged.
 */
export const createOrderBodySchema = z.strictObject(
  {
    /** The token the payment widget handed to its callback. */
    token: z.string().regex(/^tok_[A-Za-z0-9]{16,64}$/, 'The card token is not valid.'),
    /**
     * Made once per checkout attempt by the browser and sent again, with the same token, when
     * the answer was lost: the same key never charges twice.
     */
    idempotencyKey: z
      .string()
      .regex(
        /^[A-Za-z0-9_-]{16,100}$/,
        'The idempotency key must be 16 to 100 letters, digits, dashes or underscores.',
      ),
    lines: z
      .array(
        z.strictObject(
          {
            id: z.number().int().positive(),
            quantity: z
              .number()
              .int('Quantities are whole numbers.')
              .min(MIN_LINE_QUANTITY, `Order at least ${MIN_LINE_QUANTITY} of each item.`)
              .max(MAX_LINE_QUANTITY, `Order at most ${MAX_LINE_QUANTITY} of each item.`),
            size: lineSizeSchema,
          },
          { error: unknownFieldsMessage },
        ),
      )
      .min(1, 'The order has no items.')
      .max(MAX_ORDER_LINES, `An order has at most ${MAX_ORDER_LINES} lines.`)
      .superRefine(checkDistinctLines),
    email: z.email('Enter a valid email address.').max(254).trim().toLowerCase(),
    /**
     * The total, in integer cents, the shopper approved in the card widget. The server charges
     * its own total from the catalogue and refuses the order (409 `TOTAL_CHANGED`, nothing
     * charged) when the two differ.
     */
    approvedTotal: z
      .number()
      .int('The approved total is a whole number of cents.')
      .positive('The approved total is a positive number of cents.'),
    billingAddress: paymentAddressSchema.optional(),
    shippingAddress: paymentAddressSchema.optional(),
  },
  { error: unknownFieldsMessage },
);
export type CreateOrderBody = z.infer<typeof createOrderBodySchema>;

function unknownFieldsMessage(issue: { code?: string; keys?: string[] }) {
  if (issue.code !== 'unrecognized_keys') return undefined;
  return `Unknown field${issue.keys?.length === 1 ? '' : 's'}: ${issue.keys?.join(', ')}. Prices and totals are set by the shop.`;
}

export { orderLineSchema, type OrderLine } from './order-lines.ts';

export interface PricedOrder {
  lines: OrderLine[];
  total: Cents;
  currency: typeof ORDER_CURRENCY;
}

/**
 * Prices the chosen lines from the catalogue (`find`: the product of an id, or undefined when it
 * is not on sale): unit price times quantity per line, and their sum, all in integer cents.
 * Returns undefined if any item is not on sale. Never takes a price from its input.
 */
export function priceOrderLines(
  lines: readonly { id: number; quantity: number; size?: string | undefined }[],
  find: (id: number) => Item | undefined,
): PricedOrder | undefined {
  const priced: OrderLine[] = [];
  for (const { id, quantity, size } of lines) {
    const item = find(id);
    if (!item) return undefined;
    priced.push({
      id,
      name: item.name,
      ...(size ? { size } : {}),
      unitPrice: item.price,
      quantity,
      lineTotal: item.price * quantity,
    });
  }
  const total = priced.reduce((sum, line) => sum + line.lineTotal, 0);
  return { lines: priced, total, currency: ORDER_CURRENCY };
}

/** Code-unit order: the same on every server, whatever its locale. */
const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * The order request as one canonical string (lines sorted by id and size, absent addresses as null), for
 * telling a retry (same string) from a different order sent with a reused key. `ownerId` is the
 * signed-in user's id or null, so a key cannot be replayed by someone else.
 */
export function canonicalOrderRequest(body: CreateOrderBody, ownerId: string | null): string {
  return JSON.stringify({
    ownerId,
    token: body.token,
    email: body.email,
    // A line without a size reads as before sizes existed, so a retry sent across the upgrade
    // still matches its pending order.
    lines: [...body.lines]
      .sort((a, b) => a.id - b.id || compareText(a.size ?? '', b.size ?? ''))
      .map(({ id, quantity, size }) => (size ? [id, quantity, size] : [id, quantity])),
    billingAddress: body.billingAddress ?? null,
    shippingAddress: body.shippingAddress ?? null,
  });
}

/** A paid order's shipment, as the shop owner recorded it (ADR 040). */
export const shipmentSchema = z.object({
  /** ISO 8601. */
  shippedAt: z.string(),
  /** The carrier's name, e.g. `Royal Mail`. */
  carrier: z.string(),
  /** The carrier's tracking number: letters, digits, spaces and dashes. */
  trackingNumber: z.string(),
});
export type Shipment = z.infer<typeof shipmentSchema>;

// An address as stored: the request's checks (trimming, the country list) were made on the way in.
const addressSchema = z.object({
  name: z.string(),
  line1: z.string(),
  city: z.string(),
  zip: z.string(),
  country: z.string(),
}) satisfies z.ZodType<PaymentAddress>;

/** An order as the API returns it. */
export const orderSchema = z.object({
  /** `ord_` and 24 random characters. */
  id: z.string(),
  status: z.literal('paid'),
  currency: z.literal(ORDER_CURRENCY),
  /** The amount charged, in integer cents. */
  total: z.number().int(),
  email: z.string(),
  lines: z.array(orderLineSchema),
  billingAddress: addressSchema.nullable(),
  shippingAddress: addressSchema.nullable(),
  /** The card charged, as the widget showed it. */
  card: z
    .object({
      brand: z.enum([
        'visa',
        'mastercard',
        'amex',
        'discover',
        'unknown',
      ]) satisfies z.ZodType<CardBrand>,
      last4: z.string(),
    })
    .nullable(),
  /** ISO 8601. */
  createdAt: z.string(),
  /** How the order left the shop, once it has (issue 15); null until then. */
  shipment: shipmentSchema.nullable(),
  /** ISO 8601 once the shop cancelled the order (ADR 047); null otherwise. */
  cancelledAt: z.string().nullable(),
  /** Integer cents given back to the card by refunds that went through; 0 when none. */
  refundedTotal: z.number().int(),
  /**
   * GET /api/orders/{id} only: 'queued' when the confirmation email is on its way (or sent), so
   * the confirmation page says so only then (issue 15).
   */
  confirmationEmail: z.literal('queued').optional(),
});
export type Order = z.infer<typeof orderSchema>;

/** 201 (new order) or 200 (the same request again with the same idempotency key). */
export const createOrderResponseSchema = z.object({
  order: orderSchema,
  /**
   * For an order placed without signing in: the secret that shows it again, as
   * `GET /api/orders/{id}?receipt={receipt}`. Null for a signed-in shopper's order, which only
   * its owner's session shows.
   */
  receipt: z.string().nullable(),
});
export type CreateOrderResponse = z.infer<typeof createOrderResponseSchema>;

/** GET /api/orders: the signed-in shopper's orders, newest first. */
export const orderListResponseSchema = z.object({ orders: z.array(orderSchema) });
export type OrderListResponse = z.infer<typeof orderListResponseSchema>;

/** Machine-readable reasons on order errors, beside the human `message`. */
export type OrderErrorCode =
  | 'VALIDATION_ERROR'
  | 'OUT_OF_STOCK'
  | 'IDEMPOTENCY_CONFLICT'
  | 'TOTAL_CHANGED'
  | 'TOKEN_NOT_FOUND'
  | 'TOKEN_USED'
  | 'CARD_DECLINED'
  | 'INSUFFICIENT_FUNDS'
  | 'EXPIRED_CARD'
  | 'INCORRECT_CVC';

const unavailableLineSchema = z.object({
  id: z.number().int(),
  size: z.string().optional(),
  name: z.string(),
  quantity: z.number().int(),
  available: z.number().int(),
}) satisfies z.ZodType<UnavailableLine>;

/**
 * Every error of the orders API: 400, 401, 402, 403, 404 or 409; `code` is an OrderErrorCode or
 * the status's own (`NOT_FOUND`). With 409 `OUT_OF_STOCK`, `unavailable`: each line the shop
 * cannot sell as asked. Nothing was charged.
 */
export const orderErrorSchema = apiErrorSchema.extend({
  unavailable: z.array(unavailableLineSchema).optional(),
});
export type OrderErrorBody = z.infer<typeof orderErrorSchema>;
