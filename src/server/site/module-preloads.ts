/** React's rendering of React Router's module preloads: `<link rel="modulepreload" href="…"/>`. */
const MODULE_PRELOAD = /<link rel="modulepreload" href="[^"]*"\/>/g;

/**
 * Takes React Router's module-preload links out of a page, prerendered or server-rendered. They make the browser
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
