import { useAppSelector } from '#client/app/hooks.ts';
import { selectDirectorySections } from '#client/features/directory/directory-slice.ts';
import { MenuItem } from './menu-item.tsx';

/** The home page: a tile for each category. */
export function Directory() {
  const sections = useAppSelector(selectDirectorySections);
  return (
    <nav aria-label="Categories">
      <ul className="directory">
        {sections.map((section, index) => (
          <MenuItem key={section.id} section={section} priority={index < 3} />
        ))}
      </ul>
    </nav>
  );
}
