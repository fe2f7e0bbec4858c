import { z } from './zod.ts';
import {
  MAX_LINE_QUANTITY,
  MAX_SIZE_LENGTH,
  MIN_LINE_QUANTITY,
  isLine,
  lineRef,
  type CartLineRef,
  type LineKey,
} from './cart.ts';
import { orderLineSchema } from './order-lines.ts';
import { apiErrorSchema } from './api-errors.ts';

const sizeLabel = (size: string | undefined) => (size ? ` in size ${size}` : '');

/**
 * For the line lists of request bodies: refuses an item named twice in the same size (or twice
 * without one), each with its line's path. Use as `.superRefine(checkDistinctLines)`.
 */
export function checkDistinctLines(
  lines: readonly LineKey[],
  context: {
    addIssue(issue: {
      code: 'custom';
      path: number[] | (string | number)[];
      message: string;
    }): void;
  },
): void {
  for (const [index, line] of lines.entries()) {
    if (lines.slice(0, index).some((earlier) => isLine(earlier, line))) {
      context.addIssue({
        code: 'custom',
        path: [index, 'id'],
        message: `Item ${line.id}${sizeLabel(line.size)} appears twice; send one line per item and size.`,
      });
    }
  }
}

/**
 * A line's size in a request body: optional, and when given one of the shop's sizes' shape. Which
 * sizes a product has is the catalogue's to say (the orders service checks it).
 */
export const lineSizeSchema = z
  .string({ error: 'A size is text, such as "M" or "US 9".' })
  .trim()
  .min(1, 'Leave the size out for a one-size item, or name one.')
  .max(MAX_SIZE_LENGTH, `A size is at most ${MAX_SIZE_LENGTH} characters.`)
  .optional();

/** As many lines as an order may have (the catalogue has fewer items anyway). */
export const MAX_CART_LINES = 50;

function unknownFieldsMessage(issue: { code?: string; keys?: string[] }) {
  if (issue.code !== 'unrecognized_keys') return undefined;
  return `Unknown field${issue.keys?.length === 1 ? '' : 's'}: ${issue.keys?.join(', ')}. Names and prices come from the shop.`;
}

/**
 * The lines of a cart as the browser sends them: product ids, quantities in range and sizes
 * where chosen, one line per item and size, in the cart's order. Names and prices are the
 * catalogue's, so a line that carries them (or any other field) is refused. Whether each product
 * is on sale is the catalogue's to say, as it is now (the carts service asks it).
 */
export const cartLinesSchema = z
  .array(
    z.strictObject(
      {
        id: z
          .number({ error: 'Each line needs the id of an item.' })
          .int('Item ids are whole numbers.')
          .positive('Item ids are positive.'),
        quantity: z
          .number({ error: 'Each line needs a quantity.' })
          .int('Quantities are whole numbers.')
          .min(MIN_LINE_QUANTITY, `Keep at least ${MIN_LINE_QUANTITY} of each item in the cart.`)
          .max(MAX_LINE_QUANTITY, `Keep at most ${MAX_LINE_QUANTITY} of each item in the cart.`),
        size: lineSizeSchema,
      },
      { error: unknownFieldsMessage },
    ),
    { error: 'The lines are a list of items, quantities and sizes.' },
  )
  .max(MAX_CART_LINES, `A cart has at most ${MAX_CART_LINES} lines.`)
  .superRefine(checkDistinctLines);

/**
 * PUT /api/cart: replaces the signed-in shopper's cart. `version` is the cart's version the
 * browser last saw (0 before the account has a cart); another version means another device
 * changed the cart meanwhile, and the server answers 409 with the cart as it now is.
 */
export const replaceCartBodySchema = z.strictObject(
  {
    version: z
      .number({ error: 'Send the version of the cart you last saw, a whole number.' })
      .int('The version is a whole number.')
      .min(0, 'The version is 0 or more.')
      .max(Number.MAX_SAFE_INTEGER),
    lines: cartLinesSchema,
  },
  { error: unknownFieldsMessage },
);
export type ReplaceCartBody = z.infer<typeof replaceCartBodySchema>;

/** POST /api/cart/merge: this browser's cart, merged into the account's (mergeCartLines). */
export const mergeCartBodySchema = z.strictObject(
  { lines: cartLinesSchema },
  { error: unknownFieldsMessage },
);
export type MergeCartBody = z.infer<typeof mergeCartBodySchema>;

/**
 * A signed-in shopper's cart as the API returns it: priced from the catalogue as it is now. Lines
 * of products no longer on sale are left out.
 */
export const cartDocumentSchema = z.object({
  /** Raised by every change; 0 while the account has no cart. */
  version: z.number().int(),
  lines: z.array(orderLineSchema),
  total: z.number().int(),
});
export type CartDocument = z.infer<typeof cartDocumentSchema>;

/** 409 of PUT /api/cart: the cart changed elsewhere; `cart` is how it is now. */
export const cartConflictSchema = apiErrorSchema.extend({
  error: z.literal('Conflict'),
  code: z.literal('VERSION_CONFLICT'),
  cart: cartDocumentSchema,
});
export type CartConflictBody = z.infer<typeof cartConflictSchema>;

/**
 * The account's cart and this browser's, as one (ADR 025): the account's lines first, in their
 * order, then this browser's new lines in theirs (the spec's "add appends"). A line (item and
 * size) in both keeps the larger quantity, not the sum: the same hat put in the cart again on
 * another device is still one hat, and merging the same carts twice (a retried request whose
 * answer was lost, a reload) changes nothing. Which products are on sale is the caller's to
 * check (the catalogue as it is now).
 */
export function mergeCartLines(
  account: readonly CartLineRef[],
  browser: readonly CartLineRef[],
): CartLineRef[] {
  const merged: CartLineRef[] = [];
  for (const line of [...account, ...browser]) {
    const existing = merged.find((candidate) => isLine(candidate, line));
    if (existing) {
      existing.quantity = Math.min(Math.max(existing.quantity, line.quantity), MAX_LINE_QUANTITY);
    } else {
      merged.push(lineRef({ ...line, quantity: Math.min(line.quantity, MAX_LINE_QUANTITY) }));
    }
  }
  return merged;
}
