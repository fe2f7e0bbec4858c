import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { brotli, gzip } from './compress.ts';

/** Sizes in bytes of a set of files: as stored, and compressed as the server sends them. */
export interface Sizes {
  raw: number;
  gzip: number;
  brotli: number;
}

export interface FirstLoad {
  /** URL paths of the JavaScript a browser loads before the page is interactive. */
  scripts: string[];
  /** Those of `scripts` that carry a validation library (Zod), which no page needs at first. */
  validation: string[];
  /** URL paths of the style sheets the page links, and `inline: …` for those in its HTML. */
  styles: string[];
  /** The page's HTML itself, inline CSS included. */
  html: Sizes;
  js: Sizes;
  /** Linked style sheets, plus inline ones as if compressed alone (their share of the HTML). */
  css: Sizes;
}

/** Sizes as scripts/build/precompress.ts writes them: the bytes on the wire. */
export function compressedSizes(content: Buffer): Sizes {
  return { raw: content.length, gzip: gzip(content).length, brotli: brotli(content).length };
}

const sum = (sizes: Sizes[]): Sizes => ({
  raw: sizes.reduce((total, size) => total + size.raw, 0),
  gzip: sizes.reduce((total, size) => total + size.gzip, 0),
  brotli: sizes.reduce((total, size) => total + size.brotli, 0),
});

/** Same-origin URL paths the page's HTML loads as scripts, module preloads or module imports. */
function scriptsInHtml(html: string): string[] {
  const found = [
    ...html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g),
    ...html.matchAll(/<script[^>]*\ssrc="([^"]+)"/g),
    // React Router's inline boot module imports the manifest, the route modules and the entry.
    ...html.matchAll(/\bimport\s*(?:\*\s*as\s+\w+\s+from\s*)?\(?\s*"(\/[^"]+\.js)"/g),
  ];
  return found.map((match) => match[1]!).filter((src) => src.startsWith('/'));
}

/**
 * Zod 4's core sets this global in every bundle that holds it, however the bundle was minified;
 * the names of its classes are mangled away.
 */
const ZOD_SIGNATURE = '__zod_globalConfig';

/**
 * URL paths of every page the build prerendered (`/`, `/shop`, `/404`, …): each folder with an
 * `index.html`. React Router's SPA fallback is not a page: the server answers unknown paths with
 * the prerendered `/404`.
 */
export async function prerenderedPages(clientDir: string): Promise<string[]> {
  const entries = await readdir(clientDir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile() && entry.name === 'index.html')
    .map((entry) => {
      const folder = path.relative(clientDir, entry.parentPath).split(path.sep).join('/');
      return `/${folder}`;
    })
    .sort();
}

/** Relative modules a built chunk imports statically (`import"./x.js"`, `from"./x.js"`). */
function staticImports(code: string): string[] {
  return [...code.matchAll(/(?:\bimport|\bfrom)\s*"(\.\/[^"]+\.js)"/g)].map((match) => match[1]!);
}

/**
 * Everything the first load of one prerendered page costs: its scripts (those the HTML names and
 * whatever they import statically, transitively) and its style sheets. Dynamic `import()`s in
 * chunks are not followed: they load only when the code that needs them runs.
 */
export async function firstLoad(clientDir: string, pagePath: string): Promise<FirstLoad> {
  const htmlFile = path.join(clientDir, pagePath, 'index.html');
  return firstLoadOfHtml(clientDir, await readFile(htmlFile, 'utf8'));
}

/** The same for a page's HTML as the server renders it (the catalogue's pages). */
export async function firstLoadOfHtml(clientDir: string, html: string): Promise<FirstLoad> {
  const scripts = new Set<string>();
  const validation: string[] = [];
  const pending = scriptsInHtml(html);
  const sizes: Sizes[] = [];
  while (pending.length > 0) {
    const src = pending.shift()!;
    if (scripts.has(src)) continue;
    scripts.add(src);
    const code = await readFile(path.join(clientDir, src));
    sizes.push(compressedSizes(code));
    const text = code.toString('utf8');
    if (text.includes(ZOD_SIGNATURE)) validation.push(src);
    for (const imported of staticImports(text)) {
      pending.push(path.posix.join(path.posix.dirname(src), imported));
    }
  }
  const linked = [...html.matchAll(/<link[^>]*rel="stylesheet"[^>]*href="(\/[^"]+)"/g)].map(
    (match) => match[1]!,
  );
  const inline = [...html.matchAll(/<style([^>]*)>([^<]*)<\/style>/g)];
  const sheetName = (attributes: string) => /data-href="([^"]*)"/.exec(attributes)?.[1] ?? 'style';
  const styleSizes = [
    ...(await Promise.all(
      linked.map(async (href) => compressedSizes(await readFile(path.join(clientDir, href)))),
    )),
    ...inline.map((match) => compressedSizes(Buffer.from(match[2]!))),
  ];
  return {
    scripts: [...scripts],
    validation,
    styles: [...linked, ...inline.map((match) => `inline: ${sheetName(match[1]!)}`)],
    html: compressedSizes(Buffer.from(html)),
    js: sum(sizes),
    css: sum(styleSizes),
  };
}
