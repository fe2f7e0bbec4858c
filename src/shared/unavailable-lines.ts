/**
 * The lines of an order the shop no longer has enough of (409 `OUT_OF_STOCK`, issue 13), apart
 * from orders.ts so that the checkout can word them without loading the request schemas (Zod).
 */

/** A line of an order that the shop no longer has enough of. */
export interface UnavailableLine {
  id: number;
  /** Absent for a one-size product. */
  size?: string;
  name: string;
  /** How many the order asked for. */
  quantity: number;
  /** How many are left (0: sold out). */
  available: number;
}

/** How an unavailable line reads to the shopper: `Brown Brim (size M): sold out`. */
export function describeUnavailable({ name, size, available }: UnavailableLine): string {
  const label = size ? `${name} (size ${size})` : name;
  return available === 0 ? `${label}: sold out` : `${label}: only ${available} left`;
}
