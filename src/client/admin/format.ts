import { lazy } from '#shared/lazy.ts';

export { formatMoney } from '#shared/money.ts';

const dateTime = lazy(
  () => new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' }),
);
const date = lazy(() => new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' }));
const utcDay = lazy(
  () => new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' }),
);

/** `Nov 25, 2026, 3:04 PM` in the browser's time zone. */
export const formatDateTime = (iso: string) => dateTime().format(new Date(iso));
/** `Nov 25, 2026` in the browser's time zone. */
export const formatDate = (iso: string) => date().format(new Date(iso));
/** A `YYYY-MM-DD` day in UTC, as the dashboard counts days: `Nov 25`. */
export const formatDay = (day: string) => utcDay().format(new Date(`${day}T00:00:00Z`));

/** JSON on one line, for the audit trail's before and after; `—` for nothing. */
export function compactJson(value: unknown): string {
  if (value === null || value === undefined) return '—';
  return JSON.stringify(value);
}
