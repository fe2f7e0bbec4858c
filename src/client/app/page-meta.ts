// See docs/decisions/048.
import { DEFAULT_SHOP_NAME } from '#shared/shop-name.ts';

export const SHOP_NAME: string =
  globalThis.document?.querySelector<HTMLMetaElement>('[name=application-name]')?.content ||
  DEFAULT_SHOP_NAME;

export function pageMeta(title: string, description: string) {
  return [{ title: `${title} | ${SHOP_NAME}` }, { name: 'description', content: description }];
}
