import type { CreateOrderBody } from '#shared/orders.ts';

/**
 * An order request sent but not answered: kept until an answer arrives, so that paying again
 * after a lost answer sends the same request (same idempotency key, same token) and gets the
 * order that may already have been charged, never a second charge (issue #9, item 8).
 */
export interface PendingPayment {
  /** The cart it was made for (`cartFingerprint`); a changed cart starts a new attempt. */
  cart: string;
  body: CreateOrderBody;
}

const STORAGE_KEY = 'crwn:pending-payment';

/**
 * The cart's lines as one string, whatever their order: what a pending payment was made for.
 */
export function cartFingerprint(
  lines: readonly { id: number; quantity: number; size?: string | undefined }[],
): string {
  return lines
    .map(({ id, quantity, size }) => `${id}${size ? `:${size}` : ''}x${quantity}`)
    .sort()
    .join(',');
}

// When storage throws (blocked by a privacy setting), the tab's memory still holds it.
let inMemory: PendingPayment | null = null;

/** The pending payment of this tab (it survives a reload), or null. */
export function loadPendingPayment(): PendingPayment | null {
  try {
    const stored = sessionStorage.getItem(STORAGE_KEY);
    if (stored === null) return inMemory;
    const parsed = JSON.parse(stored) as Partial<PendingPayment> | null;
    if (typeof parsed?.cart !== 'string' || typeof parsed.body !== 'object') return inMemory;
    return parsed as PendingPayment;
  } catch {
    return inMemory;
  }
}

export function savePendingPayment(pending: PendingPayment): void {
  inMemory = pending;
  try {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify(pending));
  } catch {
    // Kept in memory only.
  }
}

export function clearPendingPayment(): void {
  inMemory = null;
  try {
    sessionStorage.removeItem(STORAGE_KEY);
  } catch {
    // Nothing stored.
  }
}
