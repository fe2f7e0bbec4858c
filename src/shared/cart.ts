import type { Item } from './catalogue.ts';
import type { Cents } from './money.ts';

/**
 * A line of the cart as it is kept (in the browser, in localStorage, with the account): a
 * reference to a product, how many, and in which size; nothing else. Names, pictures, prices and
 * whether it is still on sale are the catalogue's as it is now (ADR 053), joined in when shown
 * (`joinCartLines`) and when priced. Lines are per product and size (issue 13): a hat in S and
 * the same hat in M are two lines. A line has no size when its product is one size, or when it
 * was added without choosing one (the overview's ADD TO CART); a garment's line then asks for a
 * size before it can be paid for.
 */
export interface CartLineRef {
  id: number;
  quantity: number;
  size?: string;
}

/** A line as the shopper sees it: its reference with the product as the catalogue has it now. */
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
 * (JSON and equality stay tidy). A CartItem given here loses its name, picture and price.
 */
export const lineRef = ({
  id,
  quantity,
  size,
}: {
  id: number;
  quantity: number;
  size?: string | undefined;
}): CartLineRef => (size ? { id, quantity, size } : { id, quantity });

/**
 * Adds one of the product `key.id` in `key.size` (none: a line without a size): raises the line
 * of that product and size by one (up to the cap), or appends a new line with quantity 1.
 */
export function addItemToCart(lines: readonly CartLineRef[], key: LineKey): CartLineRef[] {
  const size = key.size || undefined;
  if (!lines.some((line) => isLine(line, { id: key.id, size }))) {
    return [...lines, lineRef({ id: key.id, quantity: MIN_LINE_QUANTITY, size })];
  }
  return lines.map((line) =>
    isLine(line, { id: key.id, size })
      ? { ...line, quantity: Math.min(line.quantity + 1, MAX_LINE_QUANTITY) }
      : line,
  );
}

/** Takes one away: lowers the line by one, or deletes it when it was at the minimum. */
export function removeItemFromCart(lines: readonly CartLineRef[], key: LineKey): CartLineRef[] {
  const existing = lines.find((line) => isLine(line, key));
  if (!existing) return [...lines];
  if (existing.quantity <= MIN_LINE_QUANTITY) return lines.filter((line) => !isLine(line, key));
  return lines.map((line) => (isLine(line, key) ? { ...line, quantity: line.quantity - 1 } : line));
}

/** Deletes the whole line, whatever its quantity. */
export function clearItemFromCart(lines: readonly CartLineRef[], key: LineKey): CartLineRef[] {
  return lines.filter((line) => !isLine(line, key));
}

/**
 * Gives the line `key` the size `size`. When the cart already has a line of that product in that
 * size, the two become one (quantities added, up to the cap) in the place of the line that had
 * the size; otherwise the line keeps its place.
 */
export function chooseLineSize(
  lines: readonly CartLineRef[],
  key: LineKey,
  size: string,
): CartLineRef[] {
  const line = lines.find((candidate) => isLine(candidate, key));
  if (!line || !size || line.size === size) return [...lines];
  const existing = lines.find((candidate) => isLine(candidate, { id: key.id, size }));
  return lines.flatMap((candidate) => {
    if (candidate === existing && candidate !== line) {
      return [
        { ...existing, quantity: Math.min(existing.quantity + line.quantity, MAX_LINE_QUANTITY) },
      ];
    }
    if (candidate !== line) return [candidate];
    return existing ? [] : [{ ...line, size }];
  });
}

export function countCartItems(lines: readonly CartLineRef[]): number {
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
 * Rebuilds cart lines from untrusted data (a stored or hand-edited cart, one stored before lines
 * had sizes, or one stored when lines still carried names and prices). Only the product id, size
 * and quantity are taken from it: names, pictures and prices are the catalogue's, so an edited
 * price cannot stick. Lines without a positive whole id or a whole, positive quantity are
 * dropped; quantities above the cap are lowered to it; a size that is not a string of sane length
 * is dropped (the line then asks for one); repeated lines (same product and size) are merged.
 * Whether the product is on sale is not known here: the catalogue says so when the cart is shown
 * or priced. Never throws.
 */
export function restoreCartLines(value: unknown): CartLineRef[] {
  if (!Array.isArray(value)) return [];
  const restored: CartLineRef[] = [];
  for (const line of value as unknown[]) {
    if (!isRecord(line)) continue;
    const { id, quantity } = line;
    if (typeof id !== 'number' || !Number.isSafeInteger(id) || id < 1) continue;
    if (typeof quantity !== 'number' || !Number.isInteger(quantity)) continue;
    if (quantity < MIN_LINE_QUANTITY) continue;
    const key = { id, size: sizeOf(line.size) };
    const existing = restored.find((candidate) => isLine(candidate, key));
    if (existing) {
      existing.quantity = Math.min(existing.quantity + quantity, MAX_LINE_QUANTITY);
    } else {
      restored.push(lineRef({ ...key, quantity: Math.min(quantity, MAX_LINE_QUANTITY) }));
    }
  }
  return restored;
}

/** The lines of `lines` whose product is on sale, as the shopper sees them, and the others. */
export interface JoinedCart {
  /** Lines whose product `find` knows, with its name, picture and price as they are now. */
  items: CartItem[];
  /** Lines whose product `find` says is not on sale (null). */
  unavailable: CartLineRef[];
  /** Lines whose product is not known yet (undefined): still being asked for. */
  pending: CartLineRef[];
}

/**
 * Joins cart lines to the catalogue as it is now. `find` gives a product's item, null when it is
 * not on sale (archived, or never was), or undefined while unknown. The cart's order is kept.
 */
export function joinCartLines(
  lines: readonly CartLineRef[],
  find: (id: number) => Item | null | undefined,
): JoinedCart {
  const joined: JoinedCart = { items: [], unavailable: [], pending: [] };
  for (const line of lines) {
    const item = find(line.id);
    if (item === undefined) joined.pending.push(line);
    else if (item === null) joined.unavailable.push(line);
    else {
      const { name, imageUrl, price } = item;
      joined.items.push({ ...lineRef(line), name, imageUrl, price });
    }
  }
  return joined;
}
