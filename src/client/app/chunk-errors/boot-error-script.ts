import { CHUNK_LOAD_TIMEOUT_MS } from './chunk-error.ts';

/**
 * An inline script for the page's <head>. If one of the app's own scripts or style sheets fails
 * to load while the page starts, React never starts, so this plain script shows the spec's
 * 'Loading chunk {n} failed' with the type and URL, and a Retry button that reloads the page.
 * The same when one of them has not arrived after the spec's chunk-load timeout (a stalled
 * connection), named by the first module of the page's boot script with no finished request.
 * Kept tiny and dependency-free on purpose: it must work when nothing else did.
 */
export const BOOT_ERROR_SCRIPT = `(() => {
  let shown = false;
  const show = (url, type = 'missing') => {
    if (shown) return;
    shown = true;
    const file = url.split(/[?#]/)[0].split('/').pop() || url;
    const chunk = file.replace(/\\.(m?js|css)$/, '').replace(/-[\\w-]{8}$/, '') || file;
    console.error('Loading chunk ' + chunk + ' failed. (' + type + ': ' + url + ')');
    const render = () => {
      const box = document.createElement('div');
      box.className = 'chunk-error';
      box.setAttribute('role', 'alert');
      const text = document.createElement('p');
      text.textContent = 'Loading chunk ' + chunk + ' failed. (' + type + ': ' + url + ') Check your connection and retry.';
      const retry = document.createElement('button');
      retry.type = 'button';
      retry.textContent = 'Retry';
      retry.addEventListener('click', () => location.reload());
      box.append(text, retry);
      document.body.prepend(box);
    };
    if (document.body) render(); else document.addEventListener('DOMContentLoaded', render);
  };
  window.addEventListener('error', (event) => {
    const el = event.target;
    if (el instanceof HTMLLinkElement && /modulepreload|stylesheet/.test(el.rel)) show(el.href);
    else if (el instanceof HTMLScriptElement) {
      if (el.src) show(el.src);
      else nameFailedImport(0);
    }
  }, true);
  // The boot module has no src: one of the files it imports failed. The browser keeps a timing
  // entry for every request: a failed one has no body, or an error status (a 404 for a file an
  // update removed gets the not-found page). It may be written just after the error, so look a
  // few times before giving up on a name.
  const nameFailedImport = (attempt) => {
    const failed = performance.getEntriesByType('resource').find(
      (entry) =>
        entry.name.includes('/assets/') &&
        (entry.decodedBodySize === 0 || (entry.responseStatus || 0) >= 400),
    );
    if (failed) show(failed.name);
    else if (attempt < 5) setTimeout(() => nameFailedImport(attempt + 1), 50);
    else show(location.pathname + ' (app start)');
  };
  // Requests that finished, kept as they come (the timing buffer may fill up with pictures).
  const arrived = new Set();
  try {
    new PerformanceObserver((list) => list.getEntries().forEach((entry) => arrived.add(entry.name)))
      .observe({ type: 'resource', buffered: true });
  } catch {}
  // The boot module sets the route modules once every module it imports has arrived.
  setTimeout(() => {
    if (window.__reactRouterRouteModules) return;
    const boot = [...document.querySelectorAll('script[type=module]:not([src])')]
      .map((script) => script.textContent).join('\\n');
    const urls = [...boot.matchAll(/["'](\\/assets\\/[^"']+)["']/g)].map((match) => match[1]);
    const routes = Object.values((window.__reactRouterManifest || {}).routes || {});
    const imports = routes.filter((route) => urls.includes(route.module)).flatMap((route) => route.imports || []);
    const stalled = [...urls, ...imports].find((url) => !arrived.has(new URL(url, location.href).href));
    show(stalled ? new URL(stalled, location.href).href : location.pathname + ' (app start)', 'timeout');
  }, ${CHUNK_LOAD_TIMEOUT_MS});
})();`;
