import { DEFAULT_SHOP_NAME, type ShopSettings } from '#shared/shop-settings.ts';
import type { FastifyInstance } from 'fastify';
import { IMAGE_FORMATS, imageVariantUrl, type ImageFormat } from '#shared/images.ts';
import { LOGO_IMAGE } from '#shared/picture-urls.ts';
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
 * With an uploaded logo, the page also links its style sheet (shopLogoCss), which shows the logo
 * in the header in place of the crown: the storefront's code (and its first load) stays as it
 * is, and React, which leaves unknown tags in <head> alone when it hydrates, never sees it.
 *
 * Warning: only the places listed above change. Text the storefront writes the name into
 * elsewhere must come from a loader's `shopOf(context)` (the contact page, structured data).
 */
export function withShopIdentity(
  html: string,
  { name, logo }: Pick<ShopSettings, 'name' | 'logo'>,
): string {
  const logoId = logoIdOf(logo);
  if (name === DEFAULT_SHOP_NAME && !logoId) return html;
  const own = escapeHtml(name);
  const head = [
    name === DEFAULT_SHOP_NAME ? '' : `<meta name="application-name" content="${own}"/>`,
    logoId ? `<link rel="stylesheet" href="${SHOP_LOGO_PATH}/${logoId}.css"/>` : '',
  ].join('');
  // A function, not a string: `$&` in a name is the name's, not a pattern.
  return html
    .replace(CHARSET, (found) => `${found}${head}`)
    .replace(TITLE, (_found, start: string) => `${start} | ${own}</title>`)
    .replace(
      DESCRIPTION,
      (_found, start: string, content: string, end: string) =>
        `${start}${content.replace(DEFAULT_PATTERN, () => own)}${end}`,
    )
    .replace(LOGO_LABEL, () => `aria-label="${own}, home"`)
    .replace(HEADING, () => `<h1 class="visually-hidden">${own}</h1>`);
}

/** Where the logo's style sheet is served: `/shop-logo/<picture id>.css`. */
export const SHOP_LOGO_PATH = '/shop-logo';

const LOGO_URL = /^\/images\/uploads\/([0-9a-f]{32})$/;

/** The picture id of an uploaded logo's base URL, or undefined (the crown). */
const logoIdOf = (logo: string) => LOGO_URL.exec(logo)?.[1];

/**
 * The style sheet that puts the uploaded logo `id` in the header in place of the crown: the
 * crown is hidden and the logo drawn in a box of the logo kind's aspect (160 by 40 CSS pixels,
 * 96 by 24 on a phone, where the header's row is shared with search, menu and bag), in the best
 * format the browser takes. It depends on the id alone, so it is cached for good. The picture
 * has a white background, like the header.
 */
export function shopLogoCss(id: string): string {
  const base = `/images/uploads/${id}`;
  const width = LOGO_IMAGE.widths.at(-1) ?? 320;
  const url = (format: ImageFormat) => `url("${imageVariantUrl(base, width, format)}")`;
  const types: Record<ImageFormat, string> = {
    avif: 'image/avif',
    webp: 'image/webp',
    jpg: 'image/jpeg',
  };
  const set = IMAGE_FORMATS.map((format) => `${url(format)} type("${types[format]}")`).join(',');
  return [
    '.header__logo svg{display:none}',
    `.header__logo::before{content:"";display:block;width:10rem;height:2.5rem;background:left center/contain no-repeat ${url('jpg')};background-image:image-set(${set})}`,
    '@media (max-width:30rem){.header__logo::before{width:6rem;height:1.5rem}}',
    '',
  ].join('\n');
}

/**
 * Serves the logo style sheets the pages link (`/shop-logo/<id>.css`), cached for good: a new
 * logo is a new id. An id that names no picture gives a sheet whose picture is not found, and
 * the header an empty box; the back office only saves a logo that is stored.
 */
export function shopLogoRoutes(app: FastifyInstance) {
  app.get<{ Params: { file: string } }>(`${SHOP_LOGO_PATH}/:file`, async (request, reply) => {
    const id = /^([0-9a-f]{32})\.css$/.exec(request.params.file)?.[1];
    if (!id) return reply.status(404).send({ code: 'NOT_FOUND', message: 'No such style sheet.' });
    return reply
      .type('text/css; charset=utf-8')
      .header('cache-control', 'public, max-age=31536000, immutable')
      .send(shopLogoCss(id));
  });
  return Promise.resolve();
}
