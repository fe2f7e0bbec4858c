import { reactRouter } from '@react-router/dev/vite';
import { defineConfig } from 'vite';

/**
 * React, React Router and Redux: every page needs them before it can hydrate. One chunk instead of
 * half a dozen means fewer requests queued on HTTP/1.1's six connections ahead of the style
 * sheets the first paint waits for (docs/decisions/010-performance-budget.md).
 */
const FRAMEWORK =
  /[\\/]node_modules[\\/](?:react|react-dom|scheduler|react-router|react-redux|@reduxjs[\\/]toolkit|redux|redux-thunk|redux-persist|reselect|immer|use-sync-external-store)[\\/]/;

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [reactRouter()],
  // redux-persist ships CommonJS beside its ES build; bundling it into the prerender keeps the
  // ES build in use there too (../shared/notes/machine-facts.md).
  ssr: { noExternal: ['redux-persist'] },
  build: isSsrBuild
    ? {}
    : {
        rolldownOptions: {
          output: { codeSplitting: { groups: [{ name: 'framework', test: FRAMEWORK }] } },
        },
      },
}));
