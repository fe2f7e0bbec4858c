/**
 * Draws every product and home page tile picture (see scenes.ts) and encodes each at the widths
 * and formats that src/shared/images.ts promises, into public/images/. Each encoded file is kept
 * in a cache keyed by what it is made from (the drawing's SVG at that width, the format's encoder
 * settings, sharp's and libvips' versions), so a picture is encoded once and reused by every
 * later build while its drawing is unchanged, even after public/images is deleted
 * (docs/decisions/026). IMAGE_CACHE_DIR moves the cache (default node_modules/.cache/crwn-images).
 *
 *   npx tsx scripts/images/build-images.ts
 */
import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { COLLECTIONS, COLLECTION_IDS, SECTIONS, isCollectionId } from '#shared/spec-catalogue.ts';
import {
  IMAGE_FORMATS,
  ITEM_IMAGE,
  SECTION_IMAGE,
  imageVariantUrl,
  type ImageFormat,
  type ImageKind,
} from '#shared/images.ts';
import { ENCODER_SETTINGS, encodeAs } from '#server/modules/pictures/picture-encoding.ts';
import { ITEM_DESIGNS, designForItem } from './item-designs.ts';
import { itemSvg, sectionSvg } from './scenes.ts';
import { SECTION_SCENES } from './section-designs.ts';

const scriptDir = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(scriptDir, '../..');
const publicDir = path.join(repoRoot, 'public');
const cacheDir = path.resolve(
  process.env.IMAGE_CACHE_DIR ?? path.join(repoRoot, 'node_modules/.cache/crwn-images'),
);

/** Two pictures at a time, each on one libvips thread: the build machine has two cores. */
const PARALLEL_JOBS = 2;

interface PictureJob {
  label: string;
  kind: ImageKind;
  baseUrl: string;
  svgAt: (pixelWidth: number) => string;
}

function pictureJobs(): PictureJob[] {
  const items = COLLECTION_IDS.flatMap((id) => COLLECTIONS[id].items);
  const catalogueIds = new Set(items.map((item) => item.id));
  const orphans = [...ITEM_DESIGNS.keys()].filter((id) => !catalogueIds.has(id));
  if (orphans.length > 0)
    throw new Error(`Image designs for items not in the catalogue: ${orphans.join(', ')}`);

  const itemJobs = items.map((item): PictureJob => {
    const design = designForItem(item.id, item.name);
    return {
      label: item.name,
      kind: ITEM_IMAGE,
      baseUrl: item.imageUrl,
      svgAt: (width) => itemSvg(design, width),
    };
  });
  const sectionJobs = SECTIONS.map((section): PictureJob => {
    if (!isCollectionId(section.title))
      throw new Error(`Section "${section.title}" is not a collection, so it has no tile design`);
    const scene = SECTION_SCENES[section.title];
    return {
      label: `${section.title} tile`,
      kind: SECTION_IMAGE,
      baseUrl: section.imageUrl,
      svgAt: (width) => sectionSvg(scene, width),
    };
  });
  return [...itemJobs, ...sectionJobs];
}

function outputFile(baseUrl: string, width: number, format: ImageFormat): string {
  return path.join(publicDir, imageVariantUrl(baseUrl, width, format));
}

/**
 * The cache's name for one encoded file: a hash of everything its bytes depend on. The drawing
 * code, the catalogue and the widths all reach the file through the SVG alone.
 */
function cacheKey(svg: string, format: ImageFormat): string {
  return createHash('sha256')
    .update(
      JSON.stringify({
        svg,
        format,
        settings: ENCODER_SETTINGS[format],
        // buildPicture's steps; the SVG renderer and the encoders come with libvips.
        pipeline: 'svg>removeAlpha>raw>encode',
        sharp: sharp.versions.sharp,
        vips: sharp.versions.vips,
      }),
    )
    .digest('base64url');
}

async function readIfExists(file: string): Promise<Buffer | undefined> {
  try {
    return await readFile(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/** Writes `file` whole or not at all: a build stopped halfway leaves no torn cache entry. */
async function writeAtomically(file: string, data: Buffer): Promise<void> {
  const partial = `${file}.${process.pid}.partial`;
  await writeFile(partial, data);
  await rename(partial, file);
}

/** Puts `bytes` at `file` unless it holds them already (its time stays for the next build). */
async function place(bytes: Buffer, file: string): Promise<void> {
  if ((await readIfExists(file))?.equals(bytes)) return;
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, bytes);
}

/**
 * Makes every width and format of one picture in public/images: from the cache where it holds
 * that very file, otherwise rendered and encoded, and added to the cache. Returns how many
 * files it encoded.
 */
async function buildPicture(job: PictureJob): Promise<number> {
  let encoded = 0;
  for (const width of job.kind.widths) {
    const svg = job.svgAt(width);
    const missing: { format: ImageFormat; cached: string }[] = [];
    for (const format of IMAGE_FORMATS) {
      const cached = path.join(cacheDir, `${cacheKey(svg, format)}.${format}`);
      const bytes = await readIfExists(cached);
      if (bytes) await place(bytes, outputFile(job.baseUrl, width, format));
      else missing.push({ format, cached });
    }
    if (missing.length === 0) continue;
    const { data, info } = await sharp(Buffer.from(svg))
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    for (const { format, cached } of missing) {
      const raw = sharp(data, {
        raw: { width: info.width, height: info.height, channels: info.channels },
      });
      const bytes = await encodeAs(raw, format).toBuffer();
      await writeAtomically(cached, bytes);
      await place(bytes, outputFile(job.baseUrl, width, format));
      encoded += 1;
    }
  }
  return encoded;
}

async function runPool<T>(
  tasks: readonly T[],
  workers: number,
  run: (task: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < tasks.length) {
      const task = tasks[next];
      next += 1;
      if (task !== undefined) await run(task);
    }
  };
  await Promise.all(Array.from({ length: workers }, worker));
}

async function main(): Promise<void> {
  const started = performance.now();
  sharp.concurrency(1);
  await mkdir(cacheDir, { recursive: true });
  const jobs = pictureJobs();
  let encoded = 0;
  await runPool(jobs, PARALLEL_JOBS, async (job) => {
    try {
      encoded += await buildPicture(job);
    } catch (error) {
      throw new Error(`Could not build the picture for ${job.label}`, { cause: error });
    }
  });
  const allFiles = jobs.flatMap((job) =>
    job.kind.widths.flatMap((width) =>
      IMAGE_FORMATS.map((format) => outputFile(job.baseUrl, width, format)),
    ),
  );
  const sizes = await Promise.all(allFiles.map(async (file) => (await stat(file)).size));
  const totalBytes = sizes.reduce((sum, size) => sum + size, 0);
  const seconds = (performance.now() - started) / 1000;
  console.log(
    `images: ${allFiles.length} files for ${jobs.length} pictures (${encoded} encoded, ${allFiles.length - encoded} from the cache in ${cacheDir}), ` +
      `${(totalBytes / 1024 / 1024).toFixed(2)} MB, ${seconds.toFixed(1)} s`,
  );
}

await main();
