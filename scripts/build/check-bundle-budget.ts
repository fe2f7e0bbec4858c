import path from 'node:path';
import { firstLoad, firstLoadOfHtml, prerenderedPages, type FirstLoad } from './first-load.ts';
import { renderedSamples } from './rendered-pages.ts';

/**
 * The most compressed JavaScript the first load of any page may send: React, React Router and
 * Redux take most of it, so everything else has to load with the route that needs it, or when
 * the shopper first uses it (docs/decisions/010-performance-budget.md, 027). Brotli, as every
 * current browser receives it; kB are 1000 bytes. Issue 11 asks for at most 0.55x the original
 * app's 215.9 KiB: 121,594 bytes. It was 120,000 until the pages began to render on the server and
 * to carry sizes (issue 13), which cost every page about 1.4 kB; the issue's own figure is the limit.
 */
export const FIRST_LOAD_JS_BUDGET_BYTES = 121_594;

const clientDir = path.resolve(process.argv[2] ?? 'build/client');
const pages = await prerenderedPages(clientDir);
if (pages.length === 0) throw new Error(`No prerendered page in ${clientDir}: build first.`);
const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
const failures: string[] = [];

const rendered = await renderedSamples(clientDir);
const loads: [string, () => Promise<FirstLoad>][] = [
  ...pages.map((page): [string, () => Promise<FirstLoad>] => [
    page,
    () => firstLoad(clientDir, page),
  ]),
  // The catalogue's pages, as the server renders them (docs/decisions/035).
  ...[...rendered].map(([page, html]): [string, () => Promise<FirstLoad>] => [
    page,
    () => firstLoadOfHtml(clientDir, html),
  ]),
];

for (const [page, measure] of loads) {
  const load = await measure();
  console.log(
    `First load of ${page}: ${load.scripts.length} scripts, ${kb(load.js.brotli)} brotli ` +
      `(${kb(load.js.gzip)} gzip, ${kb(load.js.raw)} raw)`,
  );
  if (load.js.brotli > FIRST_LOAD_JS_BUDGET_BYTES) {
    failures.push(
      `${page} is over budget by ${kb(load.js.brotli - FIRST_LOAD_JS_BUDGET_BYTES)}:\n    ${load.scripts.join('\n    ')}`,
    );
  }
  // Nothing is validated in the browser before the shopper acts; the server validates every body.
  if (load.validation.length > 0) {
    failures.push(`${page} loads Zod at first: ${load.validation.join(', ')}`);
  }
}

console.log(`Budget: ${kb(FIRST_LOAD_JS_BUDGET_BYTES)} brotli on each of ${loads.length} pages.`);
if (failures.length > 0) {
  console.error(`\n${failures.join('\n')}`);
  console.error(
    'Load what a page does not need at first with the route that needs it, or on first use (import()).',
  );
  process.exit(1);
}
