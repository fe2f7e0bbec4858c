import { render } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { BackOffice } from '#client/admin/back-office.tsx';

/** Where the back office's router stands, for tests that check the address. */
function Address() {
  const { pathname, search } = useLocation();
  return <div data-testid="address">{`${pathname}${search}`}</div>;
}

/** The whole back office at `path` (under /admin), as main.tsx renders it, with its address. */
export function renderBackOffice(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route
          path="*"
          element={
            <>
              <BackOffice />
              <Address />
            </>
          }
        />
      </Routes>
    </MemoryRouter>,
  );
}
