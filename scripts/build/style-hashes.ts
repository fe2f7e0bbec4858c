import { createHash } from 'node:crypto';
import type { Plugin } from 'vite';

/** Where in the client build the list is written; the server reads it at start. */
export const STYLE_HASHES_FILE = '.vite/style-hashes.json';

/** What Vite makes of `import css from './x.css?inline'`: the minified CSS as one string. */
const INLINE_CSS_MODULE = /^export default ("(?:[^"\\]|\\.)*");?\s*$/;

/** The CSS text of a built `?inline` CSS module, or undefined when the code is not one. */
export function inlineCss(code: string): string | undefined {
  const literal = INLINE_CSS_MODULE.exec(code)?.[1];
  return literal === undefined ? undefined : (JSON.parse(literal) as string);
}

/**
 * A Vite plugin that writes the CSP hash (`'sha256-…'`) of every `?inline` CSS module of the
 * client build to `.vite/style-hashes.json`. React inserts each such string as a `<style>` when
 * a route is reached in the app, so the pages' Content-Security-Policy allows exactly these
 * texts instead of 'unsafe-inline' (docs/decisions/020-content-security-policy.md).
 */
export function styleHashes(): Plugin {
  const hashes = new Set<string>();
  return {
    name: 'crwn-style-hashes',
    apply: 'build',
    // After Vite's own CSS plugin has minified the text.
    enforce: 'post',
    transform(code, id) {
      if (!/\.css\?(?:.*&)?inline\b/.test(id)) return;
      const css = inlineCss(code);
      // Vite changed how it writes these modules: fail rather than ship pages without styles.
      if (css === undefined) this.error(`style-hashes: unexpected code for ${id}`);
      hashes.add(`'sha256-${createHash('sha256').update(css, 'utf8').digest('base64')}'`);
    },
    generateBundle() {
      if (this.environment.name !== 'client') return;
      if (hashes.size === 0) this.error('style-hashes: no ?inline CSS module found');
      this.emitFile({
        type: 'asset',
        fileName: STYLE_HASHES_FILE,
        source: `${JSON.stringify([...hashes].sort(), null, 2)}\n`,
      });
    },
  };
}
