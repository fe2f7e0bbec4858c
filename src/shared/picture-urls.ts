/**
 * Which base URLs a product's or a collection's `imageUrl` may hold (issue 14, ADR 046): a
 * picture the build drew (`/images/items/<slug>`, `/images/sections/<slug>`) or one uploaded in
 * the back office (`/images/uploads/<32 hex>`). Either way its files are
 * `imageVariantUrl(base, width, format)` for the kind's widths (images.ts). Kept apart from
 * images.ts, which the storefront's first load carries.
 */
import { ITEM_IMAGE, SECTION_IMAGE, type ImageKind } from './images.ts';

/** What a picture is for: a product (portrait) or a home page tile (landscape). */
export type PictureKind = 'item' | 'section';

/** Each kind's widths and aspect. */
export const PICTURE_KINDS: Record<PictureKind, ImageKind> = {
  item: ITEM_IMAGE,
  section: SECTION_IMAGE,
};

/** Where uploaded pictures are served. */
export const UPLOADED_PICTURES_PATH = '/images/uploads';

const UPLOADED = /^\/images\/uploads\/[0-9a-f]{32}$/;
const BUILT = {
  item: /^\/images\/items\/[a-z0-9-]{1,100}$/,
  section: /^\/images\/sections\/[a-z0-9-]{1,100}$/,
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
