import { Link, useLocation } from 'react-router';
import type { Section } from '#shared/catalogue.ts';
import { SECTION_IMAGE } from '#shared/images.ts';
import { Picture } from '#client/components/ui/picture.tsx';
import menuItemCss from './menu-item.css?inline';
import { StyleSheet } from '#client/components/ui/style-sheet.tsx';

/** The current path plus the tile's relative link, as the spec asks: `/` + `shop/hats`. */
export function tileHref(pathname: string, linkUrl: string): string {
  return `${pathname.endsWith('/') ? pathname : `${pathname}/`}${linkUrl}`;
}

/** A home page tile: the category's picture, its title and 'SHOP NOW'. */
export function MenuItem({ section, priority }: { section: Section; priority: boolean }) {
  const { pathname } = useLocation();
  const large = section.size === 'large';
  return (
    <li className={`menu-item${large ? ' menu-item--large' : ''}`} data-size={section.size}>
      <StyleSheet href="menu-item" css={menuItemCss} />
      <Link className="menu-item__link" to={tileHref(pathname, section.linkUrl)}>
        <Picture
          className="menu-item__background"
          kind={SECTION_IMAGE}
          baseUrl={section.imageUrl}
          alt=""
          sizes={large ? '(min-width: 48rem) 50vw, 100vw' : '(min-width: 48rem) 33vw, 100vw'}
          priority={priority}
        />
        <span className="menu-item__content">
          <span className="menu-item__title">{section.title.toUpperCase()}</span>
          <span className="menu-item__subtitle">SHOP NOW</span>
        </span>
      </Link>
    </li>
  );
}
