import { useEffect, useRef, type ReactNode } from 'react';
import { NavLink, Route, Routes, useLocation } from 'react-router';
import { MeContext, useMe } from './me-context.ts';
import { useApi } from './use-api.ts';
import type { Me } from './types.ts';
import { DashboardScreen } from './dashboard/dashboard-screen.tsx';
import { OrdersScreen } from './orders/orders-screen.tsx';
import { OrderScreen } from './orders/order-screen.tsx';
import { CustomersScreen } from './customers/customers-screen.tsx';
import { CustomerScreen } from './customers/customer-screen.tsx';
import { StaffScreen } from './staff/staff-screen.tsx';
import { AuditScreen } from './audit/audit-screen.tsx';
import { NewProductScreen, ProductScreen } from './products/product-screen.tsx';
import { ProductsScreen } from './products/products-screen.tsx';
import { CollectionsScreen } from './collections/collections-screen.tsx';
import { SettingsScreen } from './settings/settings-screen.tsx';

/** Before anyone is signed in: the shop's name comes with who is signed in (GET /me). */
const TITLE = 'Back office';

/**
 * The back office's shell: who is signed in (GET /api/admin/me), the navigation and the screens.
 * Without a session, or for a shopper, it shows only why and where to go instead: the page itself
 * holds no data, and every answer of the API is refused to them.
 */
export function BackOffice() {
  const me = useApi<Me>('/me');
  if (me.status === 'loading') {
    return (
      <Frame>
        <p role="status" className="muted">
          Loading…
        </p>
      </Frame>
    );
  }
  if (me.status === 'error') {
    const { status, message } = me.error;
    return (
      <Frame>
        {status === 401 ? (
          <div role="alert">
            <h1>Sign in to continue</h1>
            <p>
              The back office is for the shop’s staff. <a href="/signin">Sign in</a> with your staff
              account, then come back to this page.
            </p>
          </div>
        ) : status === 403 ? (
          <div role="alert">
            <h1>Not for shoppers</h1>
            <p>This is for the shop’s staff.</p>
            <p>
              <a href="/">Back to the shop</a>
            </p>
          </div>
        ) : (
          <div role="alert">
            <h1>The back office could not start</h1>
            <p>{message}</p>
            <button type="button" onClick={me.reload}>
              Try again
            </button>
          </div>
        )}
      </Frame>
    );
  }
  return (
    <MeContext value={me.data}>
      <Frame me={me.data}>
        <Routes>
          <Route index element={<DashboardScreen />} />
          <Route path="orders" element={<OrdersScreen />} />
          <Route path="orders/:id" element={<OrderScreen />} />
          <Route path="products" element={<ProductsScreen />} />
          <Route path="products/new" element={<NewProductScreen />} />
          <Route path="products/:id" element={<ProductScreen />} />
          <Route path="collections" element={<CollectionsScreen />} />
          <Route path="customers" element={<CustomersScreen />} />
          <Route path="customers/:id" element={<CustomerScreen />} />
          <Route
            path="staff"
            element={
              <OwnerOnly>
                <StaffScreen />
              </OwnerOnly>
            }
          />
          <Route
            path="audit"
            element={
              <OwnerOnly>
                <AuditScreen />
              </OwnerOnly>
            }
          />
          <Route
            path="settings"
            element={
              <OwnerOnly>
                <SettingsScreen />
              </OwnerOnly>
            }
          />
          <Route path="*" element={<NotFound />} />
        </Routes>
      </Frame>
    </MeContext>
  );
}

function OwnerOnly({ children }: { children: ReactNode }) {
  const me = useMe();
  if (me.role === 'owner') return children;
  return (
    <>
      <h1>Owners only</h1>
      <p role="alert">Only an owner of the shop may see this page.</p>
    </>
  );
}

function NotFound() {
  return (
    <>
      <h1>Page not found</h1>
      <p>
        The back office has no such page. <NavLink to="/">Go to the dashboard</NavLink>.
      </p>
    </>
  );
}

/** The page around every screen: skip link, header, navigation (once signed in) and main. */
function Frame({ me, children }: { me?: Me; children: ReactNode }) {
  const main = useRef<HTMLElement>(null);
  const { pathname } = useLocation();
  const first = useRef(true);
  // After a navigation in the app, a screen reader starts at the new page's content.
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    main.current?.focus();
  }, [pathname]);
  const shopName = me?.shopName;
  useEffect(() => {
    if (shopName) document.title = `Back office · ${shopName}`;
  }, [shopName]);
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="masthead">
        <p className="masthead__title">
          <a href="/admin">{me ? `${me.shopName} back office` : TITLE}</a>
        </p>
        {me && (
          <p className="masthead__who">
            Signed in as <strong>{me.email}</strong> <span className="role">{me.role}</span>
          </p>
        )}
      </header>
      {me && (
        <nav aria-label="Back office" className="nav">
          <ul>
            <li>
              <NavLink to="/" end>
                Dashboard
              </NavLink>
            </li>
            <li>
              <NavLink to="/orders">Orders</NavLink>
            </li>
            <li>
              <NavLink to="/products">Products</NavLink>
            </li>
            <li>
              <NavLink to="/collections">Collections</NavLink>
            </li>
            <li>
              <NavLink to="/customers">Customers</NavLink>
            </li>
            {me.role === 'owner' && (
              <>
                <li>
                  <NavLink to="/staff">Staff</NavLink>
                </li>
                <li>
                  <NavLink to="/audit">Audit trail</NavLink>
                </li>
                <li>
                  <NavLink to="/settings">Settings</NavLink>
                </li>
              </>
            )}
          </ul>
        </nav>
      )}
      <main id="main" ref={main} tabIndex={-1}>
        {children}
      </main>
    </>
  );
}
