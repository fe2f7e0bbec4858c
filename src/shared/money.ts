/** An amount of money in integer US cents. Never a float of dollars. */
export type Cents = number;

/** Converts whole dollars (as the catalogue lists them) to cents. */
export function dollars(amount: number): Cents {
  return Math.round(amount * 100);
}

/**
 * Formats cents for display as the spec shows prices: `$25` for whole dollars, `$25.50`
 * otherwise, so the spec's `$25` is kept without hiding real cents. Thousands are grouped
 * (`$1,250`), as en-US does.
 *
 * Written out rather than with `Intl.NumberFormat`: building that formatter the first time takes
 * 15 to 30 ms in Chromium on this machine (ICU data), inside the task that renders the first
 * prices, which a phone's slower CPU turns into a visible block at start.
 */
export function formatMoney(amount: Cents): string {
  const sign = amount < 0 ? '-' : '';
  const cents = Math.abs(Math.round(amount));
  const whole = String(Math.floor(cents / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const rest = cents % 100;
  return `${sign}$${whole}${rest === 0 ? '' : `.${String(rest).padStart(2, '0')}`}`;
}
