/**
 * Bundles the card widget's two browser scripts (src/server/modules/payments/browser/) with
 * esbuild, with the shared code they import (the card checks, the widget's languages and keys),
 * into `build/widget`, which the server reads at start (payments/widget-scripts.ts, ADR 056).
 * `npm run build` runs it; `npm run dev` runs it at start and when the widget's code changes.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { build, stop } from 'esbuild';
import {
  checkInlinable,
  WIDGET_SCRIPTS,
  type WidgetScripts,
} from '#server/modules/payments/widget-scripts.ts';

const BROWSER_DIR = path.resolve(import.meta.dirname, '../../src/server/modules/payments/browser');

/** The two scripts: minified ES2020, one IIFE each, no imports. */
export async function bundleWidgetScripts(): Promise<WidgetScripts> {
  try {
    const { outputFiles } = await build({
      entryPoints: Object.fromEntries(
        WIDGET_SCRIPTS.map((name) => [name, path.join(BROWSER_DIR, `${name}.ts`)]),
      ),
      // Its `strict` makes esbuild write "use strict", as the hand-written scripts had.
      tsconfig: path.join(BROWSER_DIR, 'tsconfig.json'),
      // Nothing is written here: the names only tell the two outputs apart.
      outdir: BROWSER_DIR,
      write: false,
      bundle: true,
      format: 'iife',
      platform: 'browser',
      target: 'es2020',
      minify: true,
      legalComments: 'none',
      logLevel: 'silent',
    });
    const script = (name: keyof WidgetScripts) => {
      const output = outputFiles.find((file) => path.basename(file.path) === `${name}.js`);
      if (!output) throw new Error(`esbuild made no ${name}.js`);
      return output.text;
    };
    const scripts = { checkout: script('checkout'), frame: script('frame') };
    checkInlinable(scripts.frame);
    return scripts;
  } finally {
    // esbuild's child process would otherwise stay idle for the life of the process.
    await stop();
  }
}

/** Bundles the scripts into `dir` (created if missing) as checkout.js and frame.js. */
export async function writeWidgetScripts(dir: string): Promise<void> {
  const scripts = await bundleWidgetScripts();
  await mkdir(dir, { recursive: true });
  for (const name of WIDGET_SCRIPTS) {
    await writeFile(path.join(dir, `${name}.js`), scripts[name]);
  }
}

if (import.meta.main) {
  const dir = path.resolve(process.argv[2] ?? 'build/widget');
  await writeWidgetScripts(dir);
  console.log(`widget-scripts: checkout.js and frame.js written to ${dir}`);
}
