/**
 * The contract between the image build (scripts/images) and the components that show the
 * images: which widths and formats exist for each kind of picture, and how their URLs are made.
 * Every picture is drawn for this shop and served by it; nothing comes from another host.
 */
export const IMAGE_FORMATS = ['avif', 'webp', 'jpg'] as const;
export type ImageFormat = (typeof IMAGE_FORMATS)[number];

export interface ImageKind {
  /** Folder under /images/ */
  folder: string;
  /** Widths in CSS pixels that are pre-encoded, smallest first. */
  widths: readonly number[];
  /** Intrinsic width and height ratio, so layouts reserve the space and nothing shifts. */
  aspectWidth: number;
  aspectHeight: number;
  /** How an uploaded picture is fitted to the aspect: cropped (the default) or shown whole. */
  fit?: 'cover' | 'contain';
}

/** Product shots: portrait, one garment on a plain background. */
export const ITEM_IMAGE: ImageKind = {
  folder: 'items',
  widths: [320, 640],
  aspectWidth: 4,
  aspectHeight: 5,
};

/**
 * Home page category tiles: landscape banners. 640 for a third of a desktop page, 960 for a phone
 * (412 CSS pixels at 1.75x is 721), 1280 for the large tiles on sharp screens.
 */
export const SECTION_IMAGE: ImageKind = {
  folder: 'sections',
  widths: [640, 960, 1280],
  aspectWidth: 3,
  aspectHeight: 2,
};

/** Base URL (without width and extension) of an image, e.g. `/images/items/brown-brim`. */
export function imageBaseUrl(kind: ImageKind, slug: string): string {
  return `/images/${kind.folder}/${slug}`;
}

/** URL of one encoded variant, e.g. `/images/items/brown-brim-320.avif`. */
export function imageVariantUrl(baseUrl: string, width: number, format: ImageFormat): string {
  return `${baseUrl}-${width}.${format}`;
}

/** Height in pixels of a variant of the given width. */
export function imageHeight(kind: ImageKind, width: number): number {
  return Math.round((width * kind.aspectHeight) / kind.aspectWidth);
}

/** Lower-case, hyphenated name used in file names: `Black & White Longsleeve` -> `black-white-longsleeve`. */
export function slugify(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}
