import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, stop } from 'esbuild';

/** The widget's two browser scripts, ready to serve: minified ES2020, one IIFE each, no imports. */
export interface WidgetScripts {
  /** /pay/v1/checkout.js, which defines window.CrwnPay (browser/checkout.ts). */
  checkout: string;
  /** The card form's script, inlined into /pay/v1/frame under a nonce (browser/frame.ts). */
  frame: string;
}

const BROWSER_DIR = fileURLToPath(new URL('./browser/', import.meta.url));

let bundling: Promise<WidgetScripts> | undefined;

/**
 * Bundles browser/checkout.ts and browser/frame.ts with esbuild, with the shared code they import
 * (the card checks, the widget's languages and keys), once per process: later calls get the
 * same promise. It takes some 30 ms, then stops esbuild's child process
 * (docs/decisions/015-payment-widget-from-typescript.md). Rejects, and the server does not start,
 * if a script does not build.
 *
 * Warning: `esbuild.stop()` is process-wide. Other esbuild work running in the same process at
 * that moment would fail.
 */
export function loadWidgetScripts(): Promise<WidgetScripts> {
  bundling ??= bundleWidgetScripts();
  return bundling;
}

async function bundleWidgetScripts(): Promise<WidgetScripts> {
  try {
    const { outputFiles } = await build({
      entryPoints: {
        checkout: path.join(BROWSER_DIR, 'checkout.ts'),
        frame: path.join(BROWSER_DIR, 'frame.ts'),
      },
      // Its `strict` makes esbuild write "use strict", as the hand-written scripts had.
      tsconfig: path.join(BROWSER_DIR, 'tsconfig.json'),
      // Nothing is written: the names only tell the two outputs apart.
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
    // The frame's script is inlined into its page: these would end or confuse its <script>.
    if (/<\/script|<!--/i.test(scripts.frame)) {
      throw new Error('The frame script contains </script or <!-- and cannot be inlined');
    }
    return scripts;
  } finally {
    // The child process would stay for the life of the server, idle; it starts again if needed.
    await stop();
  }
}
