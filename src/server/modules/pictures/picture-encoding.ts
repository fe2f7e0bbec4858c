import type { Sharp } from 'sharp';
import type { ImageFormat } from '#shared/images.ts';

/**
 * How every picture of the shop is encoded, the drawn ones (scripts/images/build-images.ts) and
 * the uploaded ones (pictures-service.ts) alike: one place, so both look the same and a change
 * here reaches both (the build's cache key includes these settings, so it encodes again).
 */
export const ENCODER_SETTINGS = {
  avif: { quality: 50, effort: 4, chromaSubsampling: '4:2:0' },
  webp: { quality: 75, effort: 4 },
  jpg: { quality: 78, mozjpeg: true },
} as const;

/** The Content-Type of each format, as the pictures are served. */
export const CONTENT_TYPES: Record<ImageFormat, string> = {
  avif: 'image/avif',
  webp: 'image/webp',
  jpg: 'image/jpeg',
};

/**
 * `image` set to encode as `format` with the shop's settings. Only sharp's type is imported
 * here, so a module that imports this file does not load sharp.
 */
export function encodeAs(image: Sharp, format: ImageFormat): Sharp {
  switch (format) {
    case 'avif':
      return image.avif(ENCODER_SETTINGS.avif);
    case 'webp':
      return image.webp(ENCODER_SETTINGS.webp);
    case 'jpg':
      return image.jpeg(ENCODER_SETTINGS.jpg);
  }
}
