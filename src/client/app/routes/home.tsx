import type { LoaderFunctionArgs, MetaArgs } from 'react-router';
import { Directory } from '#client/features/directory/components/directory.tsx';
import { sectionsOf } from '#client/features/directory/directory-slice.ts';
import { SHOP_NAME, pageMeta } from '#client/app/page-meta.ts';
import { catalogueOf } from '#client/app/catalogue-context.ts';
import { loadIntoStore, type StoreLoad } from '#client/app/catalogue-store.ts';

/**
 * The collections the home page's tiles show, as its title: "Hats, jackets, sneakers, womens and
 * mens" for the spec's five, and whatever the owner added, renamed or moved (issue 14).
 */
const titleOf = (titles: readonly string[]) => {
  const list =
    titles.length > 1 ? `${titles.slice(0, -1).join(', ')} and ${titles.at(-1)}` : titles[0];
  return list ? `${list.charAt(0).toUpperCase()}${list.slice(1)}` : 'Shop';
};

export const meta = ({ loaderData }: MetaArgs<typeof loader>) =>
  pageMeta(
    titleOf(loaderData?.store.sections.map((section) => section.title) ?? []),
    'Shop hats, jackets, sneakers and clothing for women and men.',
  );

/** The directory's tiles from the collections as they are now; their products stay behind. */
export async function loader({ context }: LoaderFunctionArgs) {
  const sections = sectionsOf(await catalogueOf(context).collections());
  return { store: { sections } satisfies StoreLoad };
}

export const clientLoader = loadIntoStore;

export default function HomeRoute() {
  return (
    <>
      <h1 className="visually-hidden">{SHOP_NAME}</h1>
      <Directory />
    </>
  );
}
