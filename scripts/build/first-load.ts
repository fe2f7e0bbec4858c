import { readFile } from 'node:fs/promises';
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
  const html = await readFile(htmlFile, 'utf8');
  const scripts = new Set<string>();
  const pending = scriptsInHtml(html);
  const sizes: Sizes[] = [];
  while (pending.length > 0) {
    const src = pending.shift()!;
    if (scripts.has(src)) continue;
    scripts.add(src);
    const code = await readFile(path.join(clientDir, src));
    sizes.push(compressedSizes(code));
    for (const imported of staticImports(code.toString('utf8'))) {
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
    styles: [...linked, ...inline.map((match) => `inline: ${sheetName(match[1]!)}`)],
    html: compressedSizes(Buffer.from(html)),
    js: sum(sizes),
    css: sum(styleSizes),
  };
}
