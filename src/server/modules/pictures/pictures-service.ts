import { createHash } from 'node:crypto';
import type { Sharp, SharpOptions } from 'sharp';
import { IMAGE_FORMATS, imageHeight, type ImageFormat, type ImageKind } from '#shared/images.ts';
import {
  PICTURE_KINDS,
  UPLOADED_PICTURES_PATH,
  isUploadedPictureUrl,
  type PictureKind,
} from '#shared/picture-urls.ts';
import type { Db } from '#server/platform/database/transaction.ts';
import type { UploadedPictureVariantsTable } from '#server/platform/database/schema.ts';
import { CONTENT_TYPES, encodeAs } from './picture-encoding.ts';
import { pictureRepository } from './picture-repository.ts';

/** Where uploaded pictures are served: `${UPLOADS_PATH}/<id>-<width>.<format>`. */
export const UPLOADS_PATH = UPLOADED_PICTURES_PATH;

/** The largest upload, in bytes: a phone's photo with room to spare. */
export const MAX_PICTURE_BYTES = 10 * 1024 * 1024;

/**
 * The most pixels an upload may have. A small file can claim a huge picture (a decompression
 * bomb: a 50 kB PNG of 20,000 × 20,000 pixels is 1.2 GB once decoded); sharp refuses it from
 * the header, before decoding. 50 million lets through a 48-megapixel phone photo.
 */
export const MAX_INPUT_PIXELS = 50_000_000;

/**
 * The longest side an upload may have: a phone's panorama is within it; a file that claims more
 * is refused from its header (issue 33).
 */
export const MAX_SIDE = 12_000;

/**
 * The most pixels the picture may have once scaled to cover its frame, before the crop. A long,
 * thin picture is scaled up until its short side fills the frame: 16,000 × 8 pixels (a 95-byte
 * PNG) would become 3.2 million × 1,600, 20 GB of pixels (issue 33). 16 million lets a 6:1
 * banner through for a 4:5 product frame.
 */
export const MAX_SCALED_PIXELS = 16_000_000;

/**
 * How long libvips may spend decoding and cropping an upload before it is given up: far more
 * than a 48-megapixel photo takes on a busy 2-core machine, and a bound on what a file made to be
 * slow can hold the one encoding slot (issue 33). What follows works on the cropped picture only.
 */
export const DECODE_SECONDS = 60;

/** The Content-Types an upload may be sent with (what the back office's file input accepts). */
export const PICTURE_CONTENT_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/avif'];

const NOT_A_PICTURE =
  'This file is not a picture the shop can use. Upload a JPEG, PNG, WebP or AVIF picture.';
const DAMAGED =
  'This picture could not be read: the file may be damaged or cut short. Save or export it again and upload that.';
const TOO_MANY_PIXELS = `This picture has too many pixels (at most ${MAX_INPUT_PIXELS / 1_000_000} megapixels, 8,000 × 6,000 say). Make it smaller and upload it again.`;

const TOO_LONG = (width: number) =>
  `This picture is too large (at most ${MAX_SIDE.toLocaleString('en-US')} pixels on a side; this one is ${width.toLocaleString('en-US')}). Make it smaller and upload it again.`;
const TOO_THIN = (width: number, height: number) =>
  `This picture is too long and thin (${width.toLocaleString('en-US')} × ${height.toLocaleString('en-US')} pixels) to fill the shop's frame. Crop it closer to the frame's shape and upload it again.`;
const TOO_SLOW =
  'This picture took too long to prepare. Save or export it again (as a JPEG, say) and upload that.';

/**
 * The pixels of `source` once scaled as `fit` does into `width` × `height`: to cover the frame
 * (then cropped), or to fit inside it.
 */
function scaledPixels(
  source: { width: number; height: number },
  { width, height, fit }: { width: number; height: number; fit: 'cover' | 'contain' },
): number {
  const ratios = [width / source.width, height / source.height];
  const scale = fit === 'cover' ? Math.max(...ratios) : Math.min(...ratios);
  return Math.ceil(source.width * scale) * Math.ceil(source.height * scale);
}

/** What the decoders found in the upload, checked before anything is decoded. */
const DECODABLE = new Set(['jpeg', 'png', 'webp', 'heif']);

export type UploadOutcome =
  | { kind: 'stored' | 'existing'; id: string; imageUrl: string }
  | { kind: 'not_a_picture'; message: string };

export interface PictureVariant {
  bytes: Buffer;
  contentType: string;
  /** Strong: the name is the content's (a picture's files never change). */
  etag: string;
}

/** A picture as raw pixels, as sharp gives and takes them. */
interface Raw {
  data: Buffer;
  width: number;
  height: number;
  channels: 1 | 2 | 3 | 4;
}

type SharpFactory = (input?: Buffer, options?: SharpOptions) => Sharp;

let sharpLoading: Promise<SharpFactory> | undefined;
/**
 * sharp and libvips (some 17 MiB once loaded) only from the first upload on: a server that never
 * encodes a picture never loads them (issue 11's memory budget). Its operation cache is off, so
 * an encode's memory is given back after it, and it encodes on one thread, leaving the other
 * core to the shoppers (a tile's nine files took 3.5 s on two threads, 5.6 s on one, at load 6).
 */
function loadSharp(): Promise<SharpFactory> {
  sharpLoading ??= import('sharp').then(({ default: sharp }) => {
    sharp.cache(false);
    sharp.concurrency(1);
    return sharp;
  });
  return sharpLoading;
}

/** The first 128 bits of the SHA-256 of the kind and the bytes, as 32 hex digits. */
function pictureId(kind: PictureKind, bytes: Buffer): string {
  return createHash('sha256').update(`${kind}\n`).update(bytes).digest('hex').slice(0, 32);
}

const VARIANT_NAME = /^([0-9a-f]{32})-(\d{1,5})\.(avif|webp|jpg)$/;

/**
 * One encode at a time on each server: a few uploads at once then wait their turn rather than
 * each holding a decoded picture in memory and both cores.
 */
function oneAtATime() {
  let last: Promise<unknown> = Promise.resolve();
  return <T>(work: () => Promise<T>): Promise<T> => {
    const run = last.then(work, work);
    last = run.catch(() => undefined);
    return run;
  };
}

/**
 * Pictures uploaded in the back office (issue 14, ADR 046): each is cropped to its kind's
 * aspect, turned upright, stripped of its metadata (a phone photo's location among it), encoded
 * at the kind's widths as AVIF, WebP and JPEG with the same settings as the drawn pictures, and
 * stored in the database under a name made from its bytes, so the storefront shows it like any
 * built picture.
 */
export function createPictureService({ db }: { db: Db }) {
  const queue = oneAtATime();

  /**
   * The picture cropped to the kind's aspect at its largest width, upright, on white, as raw
   * pixels; or why the upload is not a picture the shop can use.
   */
  async function decode(
    bytes: Buffer,
    imageKind: ImageKind,
  ): Promise<
    ({ ok: true; source: { width: number; height: number } } & Raw) | { ok: false; message: string }
  > {
    const sharp = await loadSharp();
    // `error`: a file cut short or damaged is refused, where libvips would fill in grey.
    const options: SharpOptions = { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' };
    try {
      const metadata = await sharp(bytes, options).metadata();
      // AVIF is HEIF with AV1 inside; HEIC (HEVC inside) cannot be decoded by this build.
      if (
        !DECODABLE.has(metadata.format) ||
        (metadata.format === 'heif' && metadata.compression !== 'av1')
      ) {
        return { ok: false, message: NOT_A_PICTURE };
      }
      // Every bound is checked on the header's figures, before a pixel is decoded.
      const source = metadata.autoOrient;
      if (source.width * source.height > MAX_INPUT_PIXELS) {
        return { ok: false, message: TOO_MANY_PIXELS };
      }
      if (Math.max(source.width, source.height) > MAX_SIDE) {
        return { ok: false, message: TOO_LONG(Math.max(source.width, source.height)) };
      }
      const width = imageKind.widths.at(-1) ?? 0;
      const height = imageHeight(imageKind, width);
      const fit = imageKind.fit ?? 'cover';
      if (scaledPixels(source, { width, height, fit }) > MAX_SCALED_PIXELS) {
        return { ok: false, message: TOO_THIN(source.width, source.height) };
      }
      const { data, info } = await sharp(bytes, options)
        .timeout({ seconds: DECODE_SECONDS })
        .autoOrient()
        // A logo is shown whole on white; a product or tile fills its frame around what stands out.
        .resize(
          width,
          height,
          fit === 'contain'
            ? { fit: 'contain', background: '#ffffff' }
            : { fit: 'cover', position: 'attention' },
        )
        .flatten({ background: '#ffffff' })
        .toColourspace('srgb')
        .raw({ depth: 'uchar' })
        .toBuffer({ resolveWithObject: true });
      return {
        ok: true,
        source,
        data,
        width: info.width,
        height: info.height,
        channels: info.channels,
      };
    } catch (error) {
      const message = error instanceof Error ? error.message : '';
      if (/pixel limit/i.test(message)) return { ok: false, message: TOO_MANY_PIXELS };
      if (/timeout/i.test(message)) return { ok: false, message: TOO_SLOW };
      if (/unsupported image format|bad seek|not a known file format/i.test(message))
        return { ok: false, message: NOT_A_PICTURE };
      return { ok: false, message: DAMAGED };
    }
  }

  /** Every width and format of the kind, from the cropped picture's raw pixels. */
  async function encode(
    id: string,
    imageKind: ImageKind,
    raw: Raw,
  ): Promise<UploadedPictureVariantsTable[]> {
    const sharp = await loadSharp();
    const variants: UploadedPictureVariantsTable[] = [];
    for (const width of imageKind.widths) {
      for (const format of IMAGE_FORMATS) {
        const image = sharp(raw.data, {
          raw: { width: raw.width, height: raw.height, channels: raw.channels },
        }).resize(width, imageHeight(imageKind, width), { fit: 'fill' });
        variants.push({
          picture_id: id,
          width,
          format,
          bytes: await encodeAs(image, format).toBuffer(),
        });
      }
    }
    return variants;
  }

  return {
    /**
     * Encodes and stores an uploaded picture, or finds it stored already (the same bytes as the
     * same kind). `imageUrl` is the base URL the catalogue keeps: its files are
     * `${imageUrl}-${width}.${format}` for the kind's widths and every format.
     */
    async upload(bytes: Buffer, kind: PictureKind, uploadedBy: string): Promise<UploadOutcome> {
      if (bytes.length === 0)
        return { kind: 'not_a_picture', message: 'The file is empty. Choose a picture.' };
      const id = pictureId(kind, bytes);
      const imageUrl = `${UPLOADS_PATH}/${id}`;
      if (await pictureRepository.kindOf(db, id)) return { kind: 'existing', id, imageUrl };
      const imageKind = PICTURE_KINDS[kind];
      return queue(async () => {
        // The same picture may have been stored while this one waited its turn.
        if (await pictureRepository.kindOf(db, id)) return { kind: 'existing', id, imageUrl };
        const decoded = await decode(bytes, imageKind);
        if (!decoded.ok) return { kind: 'not_a_picture', message: decoded.message };
        const variants = await encode(id, imageKind, decoded);
        const stored = await pictureRepository.insert(
          db,
          {
            id,
            kind,
            source_width: decoded.source.width,
            source_height: decoded.source.height,
            source_bytes: bytes.length,
            uploaded_by: uploadedBy,
            created_at: new Date().toISOString(),
          },
          variants,
        );
        return { kind: stored ? 'stored' : 'existing', id, imageUrl };
      });
    },

    /**
     * True when `imageUrl` is the base URL of an uploaded picture stored as `kind`: what a
     * product (`item`) or a collection's tile (`section`) checks before it keeps such a URL.
     */
    async isStored(imageUrl: string, kind: PictureKind): Promise<boolean> {
      if (!isUploadedPictureUrl(imageUrl)) return false;
      const id = imageUrl.slice(UPLOADS_PATH.length + 1);
      return (await pictureRepository.kindOf(db, id)) === kind;
    },

    /**
     * One encoded file by its name (`<id>-<width>.<format>`), or undefined for a name that is
     * not one of a stored picture's files.
     */
    async variant(name: string): Promise<PictureVariant | undefined> {
      const match = VARIANT_NAME.exec(name);
      if (!match) return undefined;
      const [, id = '', width = '', format = ''] = match;
      const bytes = await pictureRepository.variant(db, id, Number(width), format as ImageFormat);
      if (!bytes) return undefined;
      return {
        bytes,
        contentType: CONTENT_TYPES[format as ImageFormat],
        etag: `"${id}-${width}-${format}"`,
      };
    },
  };
}

export type PictureService = ReturnType<typeof createPictureService>;
