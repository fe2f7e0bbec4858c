import { findItem, type Item } from './catalogue.ts';
import type { Cents } from './money.ts';

/** A line of the cart: the item as sold, and how many. */
export interface CartItem extends Item {
  quantity: number;
}

/** The spec's floor: below one, a line leaves the cart. */
export const MIN_LINE_QUANTITY = 1;
/** A ceiling the spec leaves open; a real shop caps a line so a typo cannot order thousands. */
export const MAX_LINE_QUANTITY = 99;

/** Adds one of `item`: raises an existing line by one (up to the cap), or appends it with quantity 1. */
export function addItemToCart(lines: readonly CartItem[], item: Item): CartItem[] {
  const existing = lines.find((line) => line.id === item.id);
  if (!existing) return [...lines, { ...item, quantity: MIN_LINE_QUANTITY }];
  return lines.map((line) =>
    line.id === item.id
      ? { ...line, quantity: Math.min(line.quantity + 1, MAX_LINE_QUANTITY) }
      : line,
  );
}

/** Takes one away: lowers the line by one, or deletes it when it was at the minimum. */
export function removeItemFromCart(lines: readonly CartItem[], itemId: number): CartItem[] {
  const existing = lines.find((line) => line.id === itemId);
  if (!existing) return [...lines];
  if (existing.quantity <= MIN_LINE_QUANTITY) return lines.filter((line) => line.id !== itemId);
  return lines.map((line) =>
    line.id === itemId ? { ...line, quantity: line.quantity - 1 } : line,
  );
}

/** Deletes the whole line, whatever its quantity. */
export function clearItemFromCart(lines: readonly CartItem[], itemId: number): CartItem[] {
  return lines.filter((line) => line.id !== itemId);
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

/**
 * Rebuilds cart lines from untrusted data (a stored or hand-edited cart). Only the item id and
 * quantity are taken from it: name, image and price always come from the catalogue, so an edited
 * price cannot stick. Lines of unknown items or without a whole, positive quantity are dropped;
 * quantities above the cap are lowered to it; repeated ids are merged. Never throws.
 */
export function restoreCartLines(value: unknown): CartItem[] {
  if (!Array.isArray(value)) return [];
  const quantities = new Map<number, number>();
  for (const line of value as unknown[]) {
    if (!isRecord(line)) continue;
    const { id, quantity } = line;
    if (typeof id !== 'number' || typeof quantity !== 'number') continue;
    if (!Number.isInteger(quantity) || quantity < MIN_LINE_QUANTITY) continue;
    if (!findItem(id)) continue;
    quantities.set(id, Math.min((quantities.get(id) ?? 0) + quantity, MAX_LINE_QUANTITY));
  }
  return [...quantities].flatMap(([id, quantity]) => {
    const item = findItem(id);
    return item ? [{ ...item, quantity }] : [];
  });
}
