import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * False in the prerendered HTML and during hydration, true once React runs the page. Controls
 * that would do the wrong thing before then (a form that the browser would send by itself, with
 * its fields in the URL) stay disabled until the app can handle them.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
