import type { LoaderFunctionArgs } from 'react-router';
import { Directory } from '#client/features/directory/components/directory.tsx';
import { sectionsOf } from '#client/features/directory/directory-slice.ts';
import { SHOP_NAME, pageMeta } from '#client/app/page-meta.ts';
import { catalogueOf } from '#client/app/catalogue-context.ts';
import { loadIntoStore, type StoreLoad } from '#client/app/catalogue-store.ts';

export const meta = () =>
  pageMeta(
    'Hats, jackets, sneakers, womens and mens',
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
