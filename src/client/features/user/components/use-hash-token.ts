import { useState, useSyncExternalStore } from 'react';

/** Takes the token out of the address (`#token=…`), keeping the router's state for Back. */
function takeTokenFromAddress(): string | null {
  const token = new URLSearchParams(window.location.hash.slice(1)).get('token') || null;
  if (token) {
    const { pathname, search } = window.location;
    window.history.replaceState(window.history.state, '', pathname + search);
  }
  return token;
}

/**
 * The token of an emailed link, which carries it in the fragment so that it never reaches a
 * server or a log (issue 15). Read once, after the page is shown (the prerendered page and its
 * hydration know no token), and taken out of the address bar at once, so that it is neither
 * bookmarked nor shared with the page's address. Undefined until read; null when there is none.
 *
 * A store of the component's own, read when React subscribes: StrictMode subscribes twice, and
 * the second time the hash is gone, but the token read the first time stays.
 */
export function useHashToken(): string | null | undefined {
  const [store] = useState(() => {
    let token: string | null | undefined;
    return {
      subscribe: (changed: () => void) => {
        if (token === undefined) {
          token = takeTokenFromAddress();
          changed();
        }
        // A link opened again in this very tab (pasted into the address bar) changes only the
        // fragment, which loads nothing: load the page afresh, as the link opened elsewhere does.
        const reopened = () => {
          if (new URLSearchParams(window.location.hash.slice(1)).has('token')) {
            window.location.reload();
          }
        };
        window.addEventListener('hashchange', reopened);
        return () => window.removeEventListener('hashchange', reopened);
      },
      read: () => token,
    };
  });
  return useSyncExternalStore(store.subscribe, store.read, () => undefined);
}
