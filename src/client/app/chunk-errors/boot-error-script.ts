/**
 * An inline script for the page's <head>. If one of the app's own scripts or style sheets fails
 * to load while the page starts, React never starts, so this plain script shows the spec's
 * 'Loading chunk {n} failed' with the type and URL, and a Retry button that reloads the page.
 * Kept tiny and dependency-free on purpose: it must work when nothing else did.
 */
export const BOOT_ERROR_SCRIPT = `(() => {
  let shown = false;
  const show = (url) => {
    if (shown) return;
    shown = true;
    const file = url.split(/[?#]/)[0].split('/').pop() || url;
    const chunk = file.replace(/\\.(m?js|css)$/, '').replace(/-[\\w-]{8}$/, '') || file;
    console.error('Loading chunk ' + chunk + ' failed. (missing: ' + url + ')');
    const render = () => {
      const box = document.createElement('div');
      box.className = 'chunk-error';
      box.setAttribute('role', 'alert');
      const text = document.createElement('p');
      text.textContent = 'Loading chunk ' + chunk + ' failed. (missing: ' + url + ') Check your connection and retry.';
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
})();`;
