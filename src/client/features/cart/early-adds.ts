/**
 * "Add to cart" before the app runs. The pages are prerendered and their scripts load after the
 * content (docs/decisions/012), so on a slow network a shopper can tap a product's button before
 * React is there to handle it. A tiny inline script keeps those taps, and the app adds them once
 * the stored cart has been read back, so no tap is lost and none counts twice.
 */

/** On each add-to-cart button: the item's id, for the inline script. */
export const ADD_ITEM_ATTRIBUTE = 'data-add-item';

declare global {
  interface Window {
    /** Ids of the items whose button was pressed before the app ran, in order. */
    __crwnEarlyAdds?: number[];
    /** Set once the app handles add-to-cart itself. */
    __crwnCartReady?: boolean;
  }
}

/**
 * For the page's <head>, before anything else can run. Until the app says it is ready, a click on
 * an add-to-cart button is noted and stopped at the window, so React, if it is hydrating by then,
 * never sees it too.
 */
export const EARLY_ADDS_SCRIPT = `(() => {
  const queue = (window.__crwnEarlyAdds = []);
  window.addEventListener('click', (event) => {
    if (window.__crwnCartReady) return;
    const button = event.target instanceof Element && event.target.closest('[${ADD_ITEM_ATTRIBUTE}]');
    if (!button) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    queue.push(Number(button.getAttribute('${ADD_ITEM_ATTRIBUTE}')));
  }, true);
})();`;

/**
 * Hands over to the app: returns the ids pressed so far, and from now on lets clicks through.
 * Call it once the stored cart is restored, and add what it returns.
 */
export function takeEarlyAdds(): number[] {
  if (typeof window === 'undefined') return [];
  window.__crwnCartReady = true;
  const pressed = window.__crwnEarlyAdds ?? [];
  window.__crwnEarlyAdds = [];
  return pressed.filter((id) => Number.isInteger(id));
}
