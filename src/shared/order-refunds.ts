import { z } from './zod.ts';
import type { Cents } from './money.ts';
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
export interface OrderRefund {
  /** `ref_…`. */
  id: string;
  /** A refund of chosen lines, or the one a cancellation made of everything left. */
  kind: 'refund' | 'cancel';
  /** `pending` until the payment provider settles it (ADR 047). */
  status: 'pending' | 'succeeded' | 'failed';
  amount: Cents;
  lines: { lineIndex: number; quantity: number }[];
  restock: boolean;
  reason: string | null;
  /** Who asked for it (their address), when the back office did. */
  by: string | null;
  createdAt: string;
  settledAt: string | null;
  /** Why the provider refused it, for a failed refund. */
  failure: string | null;
}
