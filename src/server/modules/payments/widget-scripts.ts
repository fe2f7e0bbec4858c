import { readFile } from 'node:fs/promises';
import path from 'node:path';

/** The widget's two browser scripts, ready to serve: minified ES2020, one IIFE each, no imports. */
export interface WidgetScripts {
  /** /pay/v1/checkout.js, which defines window.CrwnPay (browser/checkout.ts). */
  checkout: string;
  /** The card form's script, inlined into /pay/v1/frame under a nonce (browser/frame.ts). */
  frame: string;
}

export const WIDGET_SCRIPTS = [
  'checkout',
  'frame',
] as const satisfies readonly (keyof WidgetScripts)[];

/** Throws if `frame` cannot be inlined: these would end or confuse its <script>. */
export function checkInlinable(frame: string): void {
  if (/<\/script|<!--/i.test(frame)) {
    throw new Error('The frame script contains </script or <!-- and cannot be inlined');
  }
}

/**
 * Reads the scripts that the build bundled into `dir` (scripts/build/widget-scripts.ts,
 * ADR 056). Rejects, and the server does not start, when they are missing or the frame's cannot
 * be inlined.
 */
export async function loadWidgetScripts(dir: string): Promise<WidgetScripts> {
  const read = async (name: keyof WidgetScripts) => {
    const file = path.join(dir, `${name}.js`);
    try {
      return await readFile(file, 'utf8');
    } catch (error) {
      throw new Error(`The card widget's ${file} is missing: run \`npm run build\` first.`, {
        cause: error,
      });
    }
  };
  const scripts = { checkout: await read('checkout'), frame: await read('frame') };
  checkInlinable(scripts.frame);
  return scripts;
}
