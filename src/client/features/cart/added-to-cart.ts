/**
 * The last item added with an "Add to cart" button, for the status that says so
 * (components/added-to-cart-status.tsx). Kept outside Redux: it is news for the shopper, not
 * part of the cart.
 */
export interface Added {
  name: string;
  /** Counts the adds, so the same item added again is news again. */
  serial: number;
}

let last: Added | null = null;
const listeners = new Set<() => void>();

export function announceAdded(name: string): void {
  last = { name, serial: (last?.serial ?? 0) + 1 };
  for (const listener of listeners) listener();
}

export const lastAdded = (): Added | null => last;

export function subscribeToAdded(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
