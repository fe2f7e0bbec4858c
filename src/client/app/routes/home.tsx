import { Directory } from '#client/features/directory/components/directory.tsx';
import { pageMeta } from '#client/app/page-meta.ts';

export const meta = () =>
  pageMeta(
    'Hats, jackets, sneakers, womens and mens',
    'Shop hats, jackets, sneakers and clothing for women and men.',
  );

export default function HomeRoute() {
  return (
    <>
      <h1 className="visually-hidden">CRWN Clothing</h1>
      <Directory />
    </>
  );
}
