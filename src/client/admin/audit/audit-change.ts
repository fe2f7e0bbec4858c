import { compactJson } from '#client/admin/format.ts';

/** Each back-office change in words; an action not listed shows its code. */
const ACTIONS: Record<string, string> = {
  'product.create': 'Added a product',
  'product.edit': 'Edited a product',
  'product.archive': 'Archived a product',
  'product.restore': 'Put a product back on sale',
  'collection.create': 'Added a collection',
  'collection.edit': 'Edited a collection',
  'collections.reorder': 'Reordered the collections',
  'order.ship': 'Marked an order shipped',
  'order.refund': 'Refunded an order',
  'order.cancel': 'Cancelled an order',
  'role.grant': 'Gave a role',
  'role.revoke': 'Took a role away',
  'picture.upload': 'Uploaded a picture',
  'settings.update': 'Changed the shop’s settings',
};

export const actionText = (action: string) => ACTIONS[action] ?? action;

/** `product:12` as `product 12`: what the change was made to. */
export const subjectText = (subject: string) => subject.replace(':', ' ');

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Long values (a description, a list of sizes) are cut: the full record is a click away. */
const shown = (value: unknown) => {
  const text = value === undefined ? '—' : compactJson(value);
  return text.length > 60 ? `${text.slice(0, 59)}…` : text;
};

/**
 * What a change changed, one line per field: `price: 2500 → 3900`. Fields equal before and after
 * are left out; a record made from nothing lists what it was made with; values that are not
 * records are shown whole.
 */
export function changedFields(before: unknown, after: unknown): string[] {
  if (!isRecord(before) && !isRecord(after)) {
    return before === null || before === undefined
      ? [shown(after)]
      : [`${shown(before)} → ${shown(after)}`];
  }
  const was = isRecord(before) ? before : {};
  const now = isRecord(after) ? after : {};
  const keys = [...new Set([...Object.keys(was), ...Object.keys(now)])];
  return keys
    .filter((key) => compactJson(was[key]) !== compactJson(now[key]))
    .map((key) =>
      isRecord(before)
        ? `${key}: ${shown(was[key])} → ${shown(now[key])}`
        : `${key}: ${shown(now[key])}`,
    );
}
