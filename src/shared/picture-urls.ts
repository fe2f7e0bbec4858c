/**
 * Which base URLs a product's or a collection's `imageUrl` may hold (issue 14, ADR 046): a
 * picture the build drew (`/images/items/<slug>`, `/images/sections/<slug>`) or one uploaded in
 * the back office (`/images/uploads/<32 hex>`). Either way its files are
 * `imageVariantUrl(base, width, format)` for the kind's widths (images.ts). Kept apart from
 * images.ts, which the storefront's first load carries.
 */
import { ITEM_IMAGE, SECTION_IMAGE, type ImageKind } from './images.ts';

/**
 * What a picture is for: a product (portrait), a home page tile (landscape) or the shop's logo
 * in the header (shown whole in a wide box: a logo must never be cropped).
 */
export type PictureKind = 'item' | 'section' | 'logo';

/** The header's logo (ADR 048): 160 by 40 CSS pixels at most, 320 for sharp screens. */
export const LOGO_IMAGE: ImageKind = {
  folder: 'uploads',
  widths: [160, 320],
  aspectWidth: 4,
  aspectHeight: 1,
  fit: 'contain',
};

/** Each kind's widths and aspect. */
export const PICTURE_KINDS: Record<PictureKind, ImageKind> = {
  item: ITEM_IMAGE,
  section: SECTION_IMAGE,
  logo: LOGO_IMAGE,
};

/** Where uploaded pictures are served. */
export const UPLOADED_PICTURES_PATH = '/images/uploads';

const UPLOADED = /^\/images\/uploads\/[0-9a-f]{32}$/;
const BUILT = {
  item: /^\/images\/items\/[a-z0-9-]{1,100}$/,
  section: /^\/images\/sections\/[a-z0-9-]{1,100}$/,
  // The build draws no logo: the header's crown is drawn inline.
  logo: /(?!)/,
};

/** True for the base URL of an uploaded picture (whatever its kind). */
export function isUploadedPictureUrl(url: string): boolean {
  return UPLOADED.test(url);
}

/**
 * True for a base URL a product (`item`) or a home page tile (`section`) may show: a built
 * picture of that kind or an uploaded one. Warning: an uploaded URL of the right shape may name
 * no stored picture, or one of the other kind; the server asks the pictures module
 * (`isStored`) before saving it.
 */
export function isPictureBaseUrl(url: string, kind: PictureKind): boolean {
  return BUILT[kind].test(url) || UPLOADED.test(url);
}
