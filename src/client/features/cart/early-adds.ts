/** "Add to cart" before the app runs. See docs/decisions/012. */

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

/** For the page's <head>, before anything else can run. */
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

/** Hands over to the app: returns the ids pressed so far, and from now on lets clicks through. */
export function takeEarlyAdds(): number[] {
  if (typeof window === 'undefined') return [];
  window.__crwnCartReady = true;
  const pressed = window.__crwnEarlyAdds ?? [];
  window.__crwnEarlyAdds = [];
  return pressed.filter((id) => Number.isInteger(id));
}
