import { DEFAULT_SHOP_NAME } from './shop-name.ts';
// Types only: every page imports this file, and zod stays out of the storefront's first load.
import type { shopSettingsSchema } from './shop-settings-schema.ts';
import type { z } from './zod.ts';

/**
 * The shop's identity and contact details, which the owner edits in the back office (issue 14,
 * ADR 048) and every page, email and the card widget show. The postal address is given without
 * the shop's name: the name is put above it wherever it is shown, so a new name is never left
 * behind in an old address. `phone` and `hours` are empty to leave them out; `address` is one
 * line each; `contactText` is paragraphs separated by a blank line; `logo` is an uploaded picture
 * of the kind `logo` (`/images/uploads/<32 hex>`), or empty for the shop's crown.
 */
export type ShopSettings = z.infer<typeof shopSettingsSchema>;

export { DEFAULT_SHOP_NAME };

/**
 * A fresh shop: the shop as it was before it had settings, so it looks exactly as it did.
 * Warning: a plain object, never to be changed (a frozen one would stay in every bundle).
 */
export const DEFAULT_SHOP_SETTINGS: Readonly<ShopSettings> = {
  name: DEFAULT_SHOP_NAME,
  email: 'hello@crwn-clothing.example',
  phone: '+1 (555) 010-2040',
  hours: 'Monday to Friday, 9:00 to 17:00',
  address: ['100 Market Street', 'San Francisco, CA 94105', 'United States'],
  contactText:
    'Questions about an order, a size or a return? We answer every message within a day.',
  logo: '',
};

/** The contact page's paragraphs: blank lines separate them, single line breaks are spaces. */
export const paragraphsOf = (text: string): string[] =>
  text
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.replace(/\s+/g, ' ').trim())
    .filter((paragraph) => paragraph !== '');
