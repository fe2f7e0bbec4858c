/**
 * The name every page is rendered with; the server writes the shop's own into the HTML it sends
 * (ADR 048). A module of its own, so the storefront's first load carries only this string.
 */
export const DEFAULT_SHOP_NAME = 'CRWN Clothing';
