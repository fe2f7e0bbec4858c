/**
 * Draws every product and home page tile picture (see scenes.ts) and encodes each at the widths
 * and formats that src/shared/images.ts promises, into public/images/. Pictures whose files are
 * newer than all of their inputs are left alone, so repeated builds take a moment.
 *
 *   npx tsx scripts/images/build-images.ts
 */
import { mkdir, readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp, { type Sharp } from 'sharp';
import { COLLECTIONS, COLLECTION_IDS, SECTIONS, isCollectionId } from '#shared/catalogue.ts';
import {
  IMAGE_FORMATS,
  ITEM_IMAGE,
  SECTION_IMAGE,
  imageVariantUrl,
  type ImageFormat,
  type ImageKind,
} from '#shared/images.ts';
import { ITEM_DESIGNS, designForItem } from './item-designs.ts';
import { itemSvg, sectionSvg } from './scenes.ts';
import { SECTION_SCENES } from './section-designs.ts';

const scriptDir = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(scriptDir, '../..');
const publicDir = path.join(repoRoot, 'public');

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

async function mtimeOrZero(file: string): Promise<number> {
  try {
    return (await stat(file)).mtimeMs;
  } catch {
    return 0;
  }
}

/** Newest change among the drawing code and the catalogue/contract it draws from. */
async function newestInput(): Promise<number> {
  const drawingFiles = (await readdir(scriptDir, { recursive: true, withFileTypes: true }))
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name));
  const contractFiles = ['catalogue.ts', 'images.ts'].map((name) =>
    path.join(repoRoot, 'src/shared', name),
  );
  const times = await Promise.all([...drawingFiles, ...contractFiles].map(mtimeOrZero));
  return Math.max(...times);
}

function encoder(format: ImageFormat, image: Sharp): Sharp {
  switch (format) {
    case 'avif':
      return image.avif({ quality: 50, effort: 4, chromaSubsampling: '4:2:0' });
    case 'webp':
      return image.webp({ quality: 75, effort: 4 });
    case 'jpg':
      return image.jpeg({ quality: 78, mozjpeg: true });
  }
}

/** Renders one picture at every width and writes every format; returns files written. */
async function encodePicture(job: PictureJob): Promise<number> {
  let written = 0;
  for (const width of job.kind.widths) {
    const { data, info } = await sharp(Buffer.from(job.svgAt(width)))
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    for (const format of IMAGE_FORMATS) {
      const file = outputFile(job.baseUrl, width, format);
      await mkdir(path.dirname(file), { recursive: true });
      const raw = sharp(data, {
        raw: { width: info.width, height: info.height, channels: info.channels },
      });
      await encoder(format, raw).toFile(file);
      written += 1;
    }
  }
  return written;
}

async function isUpToDate(job: PictureJob, inputsChangedAt: number): Promise<boolean> {
  const files = job.kind.widths.flatMap((width) =>
    IMAGE_FORMATS.map((format) => outputFile(job.baseUrl, width, format)),
  );
  const times = await Promise.all(files.map(mtimeOrZero));
  return times.every((time) => time > inputsChangedAt);
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
  const jobs = pictureJobs();
  const inputsChangedAt = await newestInput();
  let encoded = 0;
  await runPool(jobs, PARALLEL_JOBS, async (job) => {
    if (await isUpToDate(job, inputsChangedAt)) return;
    try {
      const written = await encodePicture(job);
      encoded += written;
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
    `images: ${allFiles.length} files for ${jobs.length} pictures (${encoded} encoded, ${allFiles.length - encoded} up to date), ` +
      `${(totalBytes / 1024 / 1024).toFixed(2)} MB, ${seconds.toFixed(1)} s`,
  );
}

await main();
