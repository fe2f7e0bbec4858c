import path from 'node:path';
import { firstLoad } from './first-load.ts';

/**
 * The most compressed JavaScript the first load of the home page may send: React, React Router
 * and Redux take most of it, so everything else has to load with the route that needs it
 * (docs/decisions/010-performance-budget.md). Brotli, as every current browser receives it;
 * kB are 1000 bytes.
 */
export const FIRST_LOAD_JS_BUDGET_BYTES = 120_000;

const clientDir = path.resolve(process.argv[2] ?? 'build/client');
const home = await firstLoad(clientDir, '/');
const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
const summary =
  `First load of /: ${home.scripts.length} scripts, ${kb(home.js.brotli)} brotli ` +
  `(${kb(home.js.gzip)} gzip, ${kb(home.js.raw)} raw); budget ${kb(FIRST_LOAD_JS_BUDGET_BYTES)} brotli.`;

if (home.js.brotli > FIRST_LOAD_JS_BUDGET_BYTES) {
  console.error(`${summary}\nOver budget by ${kb(home.js.brotli - FIRST_LOAD_JS_BUDGET_BYTES)}:`);
  console.error(`  ${home.scripts.join('\n  ')}`);
  console.error('Load what the home page does not need with the route that needs it.');
  process.exit(1);
}
console.log(summary);
