import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { brotli, gzip } from './compress.ts';

/** Text the server sends; images are already compressed and gain nothing. */
const COMPRESSIBLE = /\.(?:html|js|css|svg|json|txt|xml|webmanifest)$/;
/** Below this, the compressed file plus its header is no smaller in practice. */
const MIN_BYTES = 256;

/**
 * Writes a `.br` (quality 11) and a `.gz` (level 9) beside every compressible file of the built
 * client, so the server compresses each file once, at build time, at the highest settings, and
 * never per request. A variant that is not smaller than the original is not written.
 * Usage: node scripts/build/precompress.ts [client dir, default build/client]
 */
export async function precompress(clientDir: string) {
  const entries = await readdir(clientDir, { recursive: true, withFileTypes: true });
  let files = 0;
  let written = 0;
  for (const entry of entries) {
    if (!entry.isFile() || !COMPRESSIBLE.test(entry.name)) continue;
    const file = path.join(entry.parentPath, entry.name);
    const content = await readFile(file);
    if (content.length < MIN_BYTES) continue;
    files++;
    const variants = { br: brotli(content), gz: gzip(content) };
    for (const [extension, compressed] of Object.entries(variants)) {
      if (compressed.length >= content.length) continue;
      await writeFile(`${file}.${extension}`, compressed);
      written++;
    }
  }
  return { files, written };
}

if (import.meta.main) {
  const clientDir = path.resolve(process.argv[2] ?? 'build/client');
  const started = performance.now();
  const { files, written } = await precompress(clientDir);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(`precompress: ${written} .br/.gz files for ${files} files, ${seconds} s`);
}
