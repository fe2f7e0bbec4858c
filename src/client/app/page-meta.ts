import { DEFAULT_SHOP_NAME } from '#shared/shop-name.ts';

/**
 * The shop's name, as its owner set it (ADR 048). Pages are rendered, and prerendered, with the
 * default name; the server writes the shop's own into each page it sends, and into
 * `<meta name="application-name">`, which the browser reads here once, as the app starts (the
 * tag is in the page's head, before any script), so hydration and later titles agree with the
 * page. Evaluated once per page load: a change shows on the next one.
 */
export const SHOP_NAME: string =
  globalThis.document?.querySelector<HTMLMetaElement>('[name=application-name]')?.content ||
  DEFAULT_SHOP_NAME;

/** The title and description tags of a page. */
export function pageMeta(title: string, description: string) {
  return [{ title: `${title} | ${SHOP_NAME}` }, { name: 'description', content: description }];
}
