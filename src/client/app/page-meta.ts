export const SHOP_NAME = 'CRWN Clothing';

/** The title and description tags of a page. */
export function pageMeta(title: string, description: string) {
  return [{ title: `${title} | ${SHOP_NAME}` }, { name: 'description', content: description }];
}
