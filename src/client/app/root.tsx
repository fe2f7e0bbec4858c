import { Links, Meta, Outlet, Scripts, ScrollRestoration, useMatches } from 'react-router';
import type { ReactNode } from 'react';
import { ChunkErrorBanner } from './chunk-errors/chunk-error-banner.tsx';
import { BOOT_ERROR_SCRIPT } from './chunk-errors/boot-error-script.ts';
import { STORAGE_GUARD_SCRIPT } from './storage-guard-script.ts';
import { EARLY_ADDS_SCRIPT } from '#client/features/cart/early-adds.ts';
import { SIGNED_IN_HINT_SCRIPT } from '#client/features/user/signed-in-hint.ts';
import { Header } from './layout/header.tsx';
import { useFocusOnNavigation } from './layout/use-focus-on-navigation.ts';
import { Providers } from './providers.tsx';
import { storeLoadsOf } from './catalogue-store.ts';
import { RootErrorBoundary } from './layout/root-error-boundary.tsx';
import { useWebVitals } from './report-web-vitals.ts';
import { useLowerCasePaths } from './lower-case-paths.ts';
import { StyleSheet } from '#client/components/ui/style-sheet.tsx';
import globalCss from './global.css?inline';

export function Layout({ children }: { children: ReactNode }) {
  return (
    // The hint script below adds a class to <html> before React sees it (ADR 022).
    <html lang="en" suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        {/* First in <head>: it must listen before any of the app's files can fail to load. */}
        <script dangerouslySetInnerHTML={{ __html: BOOT_ERROR_SCRIPT }} />
        <script dangerouslySetInnerHTML={{ __html: STORAGE_GUARD_SCRIPT }} />
        <script dangerouslySetInnerHTML={{ __html: EARLY_ADDS_SCRIPT }} />
        <script dangerouslySetInnerHTML={{ __html: SIGNED_IN_HINT_SCRIPT }} />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#ffffff" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <Meta />
        <Links />
        {/* In the layout, not the app: the error pages need it too. */}
        <StyleSheet href="global" css={globalCss} layer="base" />
      </head>
      <body>
        {children}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  useWebVitals();
  useLowerCasePaths();
  useFocusOnNavigation();
  // The catalogue the server's loaders read, put in the store before the first render.
  const matches = useMatches();
  return (
    <Providers storeLoads={storeLoadsOf(matches)}>
      <div className="page">
        <a className="skip-link" href="#main">
          Skip to content
        </a>
        <Header />
        <ChunkErrorBanner />
        <main id="main">
          <Outlet />
        </main>
      </div>
    </Providers>
  );
}

export const ErrorBoundary = RootErrorBoundary;
