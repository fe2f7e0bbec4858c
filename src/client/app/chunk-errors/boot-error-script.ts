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
    // The boot module has no src: one of its imports failed; name it if a preload did not.
    else if (el instanceof HTMLScriptElement) show(el.src || location.pathname + ' (app start)');
  }, true);
})();`;
