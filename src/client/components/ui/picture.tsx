import { IMAGE_FORMATS, imageHeight, imageVariantUrl, type ImageKind } from '#shared/images.ts';

interface PictureProps {
  kind: ImageKind;
  /** Base URL from the catalogue, e.g. `/images/items/brown-brim`. */
  baseUrl: string;
  alt: string;
  /** The `sizes` attribute: how wide the image is shown, so the browser picks the right width. */
  sizes: string;
  /** Above the fold: load at once and with high priority; otherwise lazily. */
  priority?: boolean;
  className?: string;
}

/**
 * One of the shop's pre-encoded pictures: AVIF, then WebP, then JPEG for old browsers, each at
 * every width the build made. Width and height are set so the layout reserves the space.
 */
export function Picture({ kind, baseUrl, alt, sizes, priority = false, className }: PictureProps) {
  const srcSet = (format: (typeof IMAGE_FORMATS)[number]) =>
    kind.widths.map((width) => `${imageVariantUrl(baseUrl, width, format)} ${width}w`).join(', ');
  const fallbackWidth = kind.widths[0] ?? 0;
  return (
    <picture className={className}>
      {IMAGE_FORMATS.filter((format) => format !== 'jpg').map((format) => (
        <source key={format} type={`image/${format}`} srcSet={srcSet(format)} sizes={sizes} />
      ))}
      <img
        src={imageVariantUrl(baseUrl, fallbackWidth, 'jpg')}
        srcSet={srcSet('jpg')}
        sizes={sizes}
        alt={alt}
        width={fallbackWidth}
        height={imageHeight(kind, fallbackWidth)}
        loading={priority ? 'eager' : 'lazy'}
        fetchPriority={priority ? 'high' : 'auto'}
        decoding="async"
      />
    </picture>
  );
}
