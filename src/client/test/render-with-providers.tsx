import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { Providers } from '#client/app/providers.tsx';
import { makeStore, type RootState } from '#client/app/store.ts';
import type { AuthClient } from '#client/features/user/auth-client.ts';
import { fakeAuthClient } from './fake-auth-client.ts';

interface Options {
  preloadedState?: Partial<RootState>;
  /** The cart counts as read back from storage unless a test says otherwise. */
  restored?: boolean;
  route?: string;
  authClient?: AuthClient;
}

/** Shows the current path, so tests can see where a click went. */
function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname}</output>;
}

/**
 * Renders `ui` inside the app's real providers and a router at `route`, with a store of its own.
 * Returns the store and a user-event session along with Testing Library's queries.
 */
export function renderWithProviders(
  ui: ReactElement,
  {
    preloadedState = {},
    restored = true,
    route = '/',
    authClient = fakeAuthClient(),
  }: Options = {},
) {
  const store = makeStore({
    ...preloadedState,
    ...(restored ? { cartStorage: { restored: true } } : {}),
  });
  const user = userEvent.setup();
  const result = render(
    <Providers store={store} authClient={authClient} persistCart={false}>
      <MemoryRouter initialEntries={[route]}>
        <Routes>
          <Route path="*" element={ui} />
        </Routes>
        <LocationProbe />
      </MemoryRouter>
    </Providers>,
  );
  return { store, user, ...result };
}
