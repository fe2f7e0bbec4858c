import { z } from './zod.ts';

/**
 * A line of an order as sold, or of an account's cart as priced now: the catalogue's name and
 * unit price, how many and, once any are refunded (or being refunded), how many (ADR 047). No
 * size for a one-size product (and on orders placed before sizes). Its own file because both
 * orders.ts and carts.ts answer with it and each imports the other's values.
 */
export const orderLineSchema = z.object({
  /** The catalogue item id. */
  id: z.number().int(),
  name: z.string(),
  size: z.string().optional(),
  unitPrice: z.number().int(),
  quantity: z.number().int(),
  lineTotal: z.number().int(),
  refundedQuantity: z.number().int().optional(),
});
export type OrderLine = z.infer<typeof orderLineSchema>;
