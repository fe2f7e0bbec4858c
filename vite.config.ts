import { reactRouter } from '@react-router/dev/vite';
import { defineConfig } from 'vite';
import { styleHashes } from './scripts/build/style-hashes.ts';

/**
 * React, React Router and Redux: every page needs them before it can hydrate. One chunk instead of
 * half a dozen means fewer requests queued on HTTP/1.1's six connections, each a round trip on a
 * slow phone network (docs/decisions/010-performance-budget.md).
 */
const FRAMEWORK =
  /[\\/]node_modules[\\/](?:react|react-dom|scheduler|react-router|react-redux|@reduxjs[\\/]toolkit|redux|redux-thunk|reselect|immer|use-sync-external-store)[\\/]/;

/**
 * The shop's own modules that two or more chunks share: one file instead of a dozen of under a
 * kilobyte each (docs/decisions/012-inline-css-and-late-scripts.md). Code of one route only stays
 * in that route's chunk.
 */
const APP = /[\\/]src[\\/](?:client|shared)[\\/]/;

/**
 * The chunks every page runs at start. V8 compiles a function when it is first called, on the
 * main thread, unless the file begins with this comment (Chrome 136's explicit compile hints):
 * then it compiles the whole file eagerly, off the main thread while the file streams in, which
 * shortens the long tasks of hydration (issue 11; measured in bench/main-thread.bench.ts).
 */
const STARTUP_CHUNKS = new Set(['framework', 'app', 'root', 'entry.client']);
const COMPILE_HINT = '//# allFunctionsCalledOnLoad';

export default defineConfig(({ command }) => ({
  // styleHashes: the CSP hash of each component's CSS (docs/decisions/020).
  plugins: [reactRouter(), styleHashes()],
  // The server build renders pages at run time (docs/decisions/035): every package is bundled
  // into it with NODE_ENV fixed to production, since the server process does not set NODE_ENV
  // and React, React Router and Redux Toolkit would otherwise run their development builds
  // (slower, more source held in memory, and Redux's dev-only checks on every dispatch; ADR 049).
  // Set on the server environment itself: React Router builds through Vite's environments, so
  // the config is made once for both builds (`isSsrBuild` is never true here). `npm run dev`
  // keeps the packages external. Printed ASCII-only and without JSDoc: V8 keeps a module's
  // source for its life, as a two-byte string (twice the bytes) if one character is not Latin-1.
  ...(command === 'build' && {
    environments: {
      ssr: {
        resolve: { noExternal: true },
        define: { 'process.env.NODE_ENV': JSON.stringify('production') },
        build: {
          rolldownOptions: {
            output: {
              comments: { legal: true, jsdoc: false, annotation: false },
              minify: {
                compress: false,
                mangle: false,
                codegen: { removeWhitespace: false, asciiOnly: true },
              },
            },
          },
        },
      },
    },
  }),
  build: {
    rolldownOptions: {
      output: {
        postBanner: (chunk) => (STARTUP_CHUNKS.has(chunk.name) ? COMPILE_HINT : ''),
        codeSplitting: {
          groups: [
            { name: 'framework', test: FRAMEWORK, priority: 2 },
            { name: 'app', test: APP, minShareCount: 2, priority: 1 },
          ],
        },
      },
    },
  },
}));
