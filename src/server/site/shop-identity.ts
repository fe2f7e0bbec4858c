import { DEFAULT_SHOP_NAME, type ShopSettings } from '#shared/shop-settings.ts';
import { escapeHtml } from '#server/platform/http/html.ts';

/** The shop's settings as the site reads them, and word of each change (from any server). */
export interface SiteShop {
  current(): Promise<{ version: number; settings: Readonly<ShopSettings> }>;
  onChange(listener: (version: number) => void): () => void;
}

const DEFAULT = escapeHtml(DEFAULT_SHOP_NAME);
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const DEFAULT_PATTERN = new RegExp(escapeRegExp(DEFAULT), 'g');

/** Where the storefront's own code writes the name (src/client/app: page-meta, header, home). */
const TITLE = new RegExp(`(<title>[^<]*) \\| ${escapeRegExp(DEFAULT)}</title>`);
const DESCRIPTION = /(<meta name="description" content=")([^"]*)(")/;
const LOGO_LABEL = `aria-label="${DEFAULT}, home"`;
const HEADING = `<h1 class="visually-hidden">${DEFAULT}</h1>`;
const CHARSET = /<meta charSet="utf-8"\/>|<head>/;

/**
 * A page the storefront rendered with the default name (at build, or by this server), with the
 * shop's own `name` in its place (ADR 048): the title, the description, the logo's label, the
 * home page's heading, and `<meta name="application-name">`, from which the page's script takes
 * the name for what it renders itself (later titles, the card widget), so hydration finds what
 * it renders. The name is escaped for HTML wherever it goes. A page under the default name is
 * returned as it is.
 *
 * Warning: only the places listed above change. Text the storefront writes the name into
 * elsewhere must come from a loader's `shopOf(context)` (the contact page, structured data).
 */
export function withShopName(html: string, name: string): string {
  if (name === DEFAULT_SHOP_NAME) return html;
  const own = escapeHtml(name);
  // A function, not a string: `$&` in a name is the name's, not a pattern.
  return html
    .replace(CHARSET, (found) => `${found}<meta name="application-name" content="${own}"/>`)
    .replace(TITLE, (_found, start: string) => `${start} | ${own}</title>`)
    .replace(
      DESCRIPTION,
      (_found, start: string, content: string, end: string) =>
        `${start}${content.replace(DEFAULT_PATTERN, () => own)}${end}`,
    )
    .replace(LOGO_LABEL, () => `aria-label="${own}, home"`)
    .replace(HEADING, () => `<h1 class="visually-hidden">${own}</h1>`);
}
