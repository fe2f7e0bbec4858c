import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
// The server drops them from the pages it renders too (src/server/site/rendered-pages.ts).
import { dropModulePreloads } from '#server/site/module-preloads.ts';

export { dropModulePreloads };

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
