import { findItem, type Item } from './catalogue.ts';
import type { Cents } from './money.ts';

/**
 * A line of the cart: the item as sold, how many, and in which size. Lines are per product and
 * size (issue 13): a hat in S and the same hat in M are two lines. A line has no size when its
 * product is one size, or when it was added without choosing one (the overview's ADD TO CART);
 * a garment's line then asks for a size before it can be paid for.
 */
export interface CartItem extends Item {
  quantity: number;
  size?: string;
}

/** What names a line: its product and its size (none for a line without one). */
export interface LineKey {
  id: number;
  size?: string | undefined;
}

/** The spec's floor: below one, a line leaves the cart. */
export const MIN_LINE_QUANTITY = 1;
/** A ceiling the spec leaves open; a real shop caps a line so a typo cannot order thousands. */
export const MAX_LINE_QUANTITY = 99;
/** Longer than any size of SIZES_BY_KIND; a size past it is not a size. */
export const MAX_SIZE_LENGTH = 16;

/** True when `line` is the line `key` names (same product, same size or both without one). */
export const isLine = (line: LineKey, key: LineKey): boolean =>
  line.id === key.id && (line.size ?? '') === (key.size ?? '');

/**
 * A line as it travels and is stored: exactly its id, quantity and size, without an absent size
 * (JSON and equality stay tidy).
 */
export const lineRef = ({
  id,
  quantity,
  size,
}: {
  id: number;
  quantity: number;
  size?: string | undefined;
}): { id: number; quantity: number; size?: string } =>
  size ? { id, quantity, size } : { id, quantity };

/** The line as stored: only the item's own fields, so a Product's extras never enter the cart. */
function newLine({ id, name, imageUrl, price }: Item, size: string | undefined): CartItem {
  return { id, name, imageUrl, price, quantity: MIN_LINE_QUANTITY, ...(size ? { size } : {}) };
}

/**
 * Adds one of `item` in `size` (none: a line without a size): raises the line of that product
 * and size by one (up to the cap), or appends a new line with quantity 1.
 */
export function addItemToCart(
  lines: readonly CartItem[],
  item: Item & { size?: string | undefined },
): CartItem[] {
  const size = item.size || undefined;
  const key = { id: item.id, size };
  if (!lines.some((line) => isLine(line, key))) return [...lines, newLine(item, size)];
  return lines.map((line) =>
    isLine(line, key)
      ? { ...line, quantity: Math.min(line.quantity + 1, MAX_LINE_QUANTITY) }
      : line,
  );
}

/** Takes one away: lowers the line by one, or deletes it when it was at the minimum. */
export function removeItemFromCart(lines: readonly CartItem[], key: LineKey): CartItem[] {
  const existing = lines.find((line) => isLine(line, key));
  if (!existing) return [...lines];
  if (existing.quantity <= MIN_LINE_QUANTITY) return lines.filter((line) => !isLine(line, key));
  return lines.map((line) => (isLine(line, key) ? { ...line, quantity: line.quantity - 1 } : line));
}

/** Deletes the whole line, whatever its quantity. */
export function clearItemFromCart(lines: readonly CartItem[], key: LineKey): CartItem[] {
  return lines.filter((line) => !isLine(line, key));
}

/**
 * Gives the line `key` the size `size`. When the cart already has a line of that product in that
 * size, the two become one (quantities added, up to the cap) in the place of the line that had
 * the size; otherwise the line keeps its place.
 */
export function chooseLineSize(lines: readonly CartItem[], key: LineKey, size: string): CartItem[] {
  const line = lines.find((candidate) => isLine(candidate, key));
  const target = { id: key.id, size };
  if (!line || !size || isLine(line, target)) return [...lines];
  const existing = lines.find((candidate) => isLine(candidate, target));
  if (!existing)
    return lines.map((candidate) => (candidate === line ? { ...line, size } : candidate));
  const quantity = Math.min(existing.quantity + line.quantity, MAX_LINE_QUANTITY);
  return lines.flatMap((candidate) => {
    if (candidate === line) return [];
    return candidate === existing ? [{ ...existing, quantity }] : [candidate];
  });
}

export function countCartItems(lines: readonly CartItem[]): number {
  return lines.reduce((count, line) => count + line.quantity, 0);
}

/** Sum of unit price times quantity, in integer cents. */
export function cartTotal(lines: readonly CartItem[]): Cents {
  return lines.reduce((total, line) => total + line.price * line.quantity, 0);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** A size as stored or sent: a non-empty string of a sane length, else none. */
export function sizeOf(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const size = value.trim();
  return size && size.length <= MAX_SIZE_LENGTH ? size : undefined;
}

/**
 * Rebuilds cart lines from untrusted data (a stored or hand-edited cart, or one stored before
 * lines had sizes). Only the item id, size and quantity are taken from it: name, image and price
 * always come from the catalogue, so an edited price cannot stick. Lines of unknown items or
 * without a whole, positive quantity are dropped; quantities above the cap are lowered to it; a
 * size that is not a string of sane length is dropped (the line then asks for one); repeated
 * lines (same item and size) are merged. Never throws.
 */
export function restoreCartLines(value: unknown): CartItem[] {
  if (!Array.isArray(value)) return [];
  const restored: CartItem[] = [];
  for (const line of value as unknown[]) {
    if (!isRecord(line)) continue;
    const { id, quantity } = line;
    if (typeof id !== 'number' || typeof quantity !== 'number') continue;
    if (!Number.isInteger(quantity) || quantity < MIN_LINE_QUANTITY) continue;
    const item = findItem(id);
    if (!item) continue;
    const key = { id, size: sizeOf(line.size) };
    const existing = restored.find((candidate) => isLine(candidate, key));
    if (existing) {
      existing.quantity = Math.min(existing.quantity + quantity, MAX_LINE_QUANTITY);
    } else {
      restored.push({
        ...newLine(item, key.size),
        quantity: Math.min(quantity, MAX_LINE_QUANTITY),
      });
    }
  }
  return restored;
}
