import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** React's rendering of React Router's module preloads: `<link rel="modulepreload" href="…"/>`. */
const MODULE_PRELOAD = /<link rel="modulepreload" href="[^"]*"\/>/g;

/**
 * Takes React Router's module-preload links out of a prerendered page. They make the browser
 * fetch all of the page's JavaScript (about 113 kB compressed) while it still parses the <head>,
 * so on a slow phone network the scripts share the bandwidth with the first visible images and
 * delay them. Without the links, the scripts start from the boot module at the end of <body>:
 * the page's content and first images come first, and the app hydrates a moment later
 * (docs/decisions/012-inline-css-and-late-scripts.md). Hydration is unaffected: React renders
 * the links again then, as hoisted elements that it does not match against the HTML.
 */
export function dropModulePreloads(html: string): { html: string; dropped: number } {
  let dropped = 0;
  const result = html.replace(MODULE_PRELOAD, () => {
    dropped++;
    return '';
  });
  return { html: result, dropped };
}

/** Rewrites every prerendered page under `clientDir`; returns how many pages and links. */
export async function lateScripts(clientDir: string) {
  const entries = await readdir(clientDir, { recursive: true, withFileTypes: true });
  let pages = 0;
  let links = 0;
  for (const entry of entries) {
    if (!entry.isFile() || !entry.name.endsWith('.html')) continue;
    const file = path.join(entry.parentPath, entry.name);
    const { html, dropped } = dropModulePreloads(await readFile(file, 'utf8'));
    if (dropped === 0) continue;
    await writeFile(file, html);
    pages++;
    links += dropped;
  }
  return { pages, links };
}

if (import.meta.main) {
  const clientDir = path.resolve(process.argv[2] ?? 'build/client');
  const { pages, links } = await lateScripts(clientDir);
  // No link found means React Router changed how it writes them: say so rather than ship slower.
  if (links === 0) {
    console.error(`late-scripts: no module-preload link found in ${clientDir}`);
    process.exit(1);
  }
  console.log(`late-scripts: ${links} module-preload links dropped from ${pages} pages`);
}
