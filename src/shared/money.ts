/** An amount of money in integer US cents. Never a float of dollars. */
export type Cents = number;

/** Converts whole dollars (as the catalogue lists them) to cents. */
export function dollars(amount: number): Cents {
  return Math.round(amount * 100);
}

const wholeDollars = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 0,
  maximumFractionDigits: 0,
});
const withCents = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/**
 * Formats cents for display as the spec shows prices: `$25` for whole dollars, `$25.50`
 * otherwise, so the spec's `$25` is kept without hiding real cents.
 */
export function formatMoney(amount: Cents): string {
  return (amount % 100 === 0 ? wholeDollars : withCents).format(amount / 100);
}
