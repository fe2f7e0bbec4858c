import { z } from './zod.ts';
import { createOrderBodySchema } from './orders.ts';

/** The longest reason kept with a refund or a cancellation, in characters. */
export const REFUND_REASON_MAX = 500;

const reason = z
  .string()
  .trim()
  .max(REFUND_REASON_MAX, `The reason is at most ${REFUND_REASON_MAX} characters.`)
  .optional();

/**
 * POST /api/admin/orders/:id/refunds (ADR 047): which lines (by their place in the order, from
 * 0) and how many of each to refund, whether their stock comes back, and the key that makes a
 * doubled or retried request refund once. The amount is the shop's to compute, never sent.
 */
export const refundBodySchema = z.strictObject({
  // Made by the back office once per refund it confirms, as the checkout makes one per payment.
  idempotencyKey: createOrderBodySchema.shape.idempotencyKey,
  lines: z
    .array(
      z.strictObject({
        lineIndex: z.number().int().min(0, 'A line index is 0 or more.').max(999),
        quantity: z
          .number()
          .int('Quantities are whole numbers.')
          .min(1, 'Refund at least 1 of a line.')
          .max(999),
      }),
    )
    .min(1, 'Choose at least one line to refund.')
    .max(100)
    .refine(
      (lines) => new Set(lines.map((line) => line.lineIndex)).size === lines.length,
      'Each line may be named once.',
    ),
  reason,
  restock: z.boolean().default(true),
});
export type RefundBody = z.infer<typeof refundBodySchema>;

/** POST /api/admin/orders/:id/cancel: an optional reason, kept with the refund. */
export const cancelBodySchema = z.strictObject({ reason });

/** One refund of an order as the back office shows it. */
export const orderRefundSchema = z.object({
  /** `ref_…`. */
  id: z.string(),
  /** A refund of chosen lines, or the one a cancellation made of everything left. */
  kind: z.enum(['refund', 'cancel']),
  /** `pending` until the payment provider settles it (ADR 047). */
  status: z.enum(['pending', 'succeeded', 'failed']),
  amount: z.number().int(),
  lines: z.array(z.object({ lineIndex: z.number().int(), quantity: z.number().int() })),
  restock: z.boolean(),
  reason: z.string().nullable(),
  /** Who asked for it (their address), when the back office did. */
  by: z.string().nullable(),
  createdAt: z.string(),
  settledAt: z.string().nullable(),
  /** Why the provider refused it, for a failed refund. */
  failure: z.string().nullable(),
});
export type OrderRefund = z.infer<typeof orderRefundSchema>;
