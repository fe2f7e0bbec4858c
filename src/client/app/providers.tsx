import { useEffect, useState, type ReactNode } from 'react';
import { Provider } from 'react-redux';
import { AuthClientContext, type AuthClient } from '#client/features/user/auth-client.ts';
import { currentUserChanged } from '#client/features/user/user-slice.ts';
import { getAppStore, startCartPersistence } from './app-store.ts';
import { getAuthClient } from './auth-client-instance.ts';
import type { AppStore } from './store.ts';
import { fillStore, type StoreLoad } from './catalogue-store.ts';

interface ProvidersProps {
  children: ReactNode;
  store?: AppStore;
  authClient?: AuthClient;
  /** Off in component tests, which bring their own cart. */
  persistCart?: boolean;
  /**
   * What the matched routes' loaders read, put into the store before anything renders: the
   * server's HTML and the browser's hydration then show the same catalogue. Later navigations
   * fill it through the routes' clientLoader (catalogue-store.ts).
   */
  storeLoads?: readonly StoreLoad[];
}

/** Everything the app's components expect around them: the store and the auth client. */
export function Providers({
  children,
  store: givenStore,
  authClient = getAuthClient(),
  persistCart = true,
  storeLoads = [],
}: ProvidersProps) {
  // Nothing is subscribed to the store yet: filling it here re-renders nothing.
  const [store] = useState(() => {
    const made = givenStore ?? getAppStore();
    for (const load of storeLoads) fillStore(made.dispatch, load);
    return made;
  });

  // In a task of its own after hydration's, not in the one that runs every effect of the page
  // (issue 11: no task over 50 ms on a slow phone): reading the cart back re-renders what shows it.
  useEffect(() => {
    if (!persistCart) return;
    const timer = setTimeout(() => startCartPersistence(store));
    return () => clearTimeout(timer);
  }, [store, persistCart]);

  // Keeps the user slice in step with the identity service. Subscribing only starts a request;
  // its answer arrives in a task of its own anyway.
  useEffect(
    () => authClient.onAuthStateChanged((user) => store.dispatch(currentUserChanged(user))),
    [authClient, store],
  );

  return (
    <Provider store={store}>
      <AuthClientContext value={authClient}>{children}</AuthClientContext>
    </Provider>
  );
}
