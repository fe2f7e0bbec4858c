/**
 * `npm run dev`: the whole shop at one address, http://localhost:PORT (default 3000).
 *
 * - Vite serves the React app with hot module replacement: an edited component changes the open
 *   page in place, its state kept.
 * - The Fastify server (src/server/server.ts, SERVE_SITE=false) runs as a child process on an
 *   internal port and is restarted whenever a file under src/server or src/shared changes. Vite
 *   passes /api, /pay, /oidc, /auth and /images/uploads to it, so the API, the card widget, the
 *   local OpenID provider, the Google popup and the pictures uploaded in the back office (kept
 *   in the database, ADR 046) share the app's origin, as in production. PUBLIC_URL is the
 *   Vite address, so origin checks, cookies and sign-in callbacks all use that one address.
 *
 * A .env file is read first, as the server reads it. Ctrl-C stops everything.
 * See docs/decisions/014-development-loop.md.
 */
import { spawn } from 'node:child_process';
import { realpathSync, watch } from 'node:fs';
import { createServer as createNetServer } from 'node:net';
import path from 'node:path';
import { createServer, searchForWorkspaceRoot, type Plugin } from 'vite';
import { loadEnvFile } from '../../src/server/platform/env-file.ts';
import { apiProcess, type ApiProcess } from './api-process.ts';
import { devCataloguePages } from './dev-catalogue-pages.ts';

const repoRoot = path.resolve(import.meta.dirname, '../..');

/** Paths the Fastify server answers; everything else is the React app. */
const API_PATHS = /^\/(?:api|pay|oidc|auth|images\/uploads)(?:[/?]|$)/;
/** Code the server runs: a change here restarts it. Tests are not part of it. */
const SERVER_SOURCES = ['src/server', 'src/shared'];
const isServerSource = (file: string) => !/\.test\.tsx?$|(?:^|[/\\])\.|~$/.test(file);

const log = (message: string) => console.log(`\x1b[2m[dev]\x1b[22m ${message}`);

async function freePort(): Promise<number> {
  const server = createNetServer().listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (!address || typeof address === 'string') throw new Error('No free port');
  return address.port;
}

/**
 * Middleware that runs before Vite's proxy and its pages.
 *
 * - Pages get the opener policy the server gives its pages (app.ts): the Google popup ends on a
 *   server page with `same-origin-allow-popups`, and a browser keeps the popup's link to its
 *   opener (to report back) only when the opener's policy is the same.
 * - Each request for the API is held until the server listens, so a page loaded while it
 *   restarts waits a moment instead of failing; 503 while the server is down (a syntax error).
 */
function apiInFront(api: ApiProcess): Plugin {
  return {
    name: 'crwn:api-in-front',
    configureServer(server) {
      server.middlewares.use((_request, response, next) => {
        response.setHeader('cross-origin-opener-policy', 'same-origin-allow-popups');
        next();
      });
      server.middlewares.use((request, response, next) => {
        if (!API_PATHS.test(request.url ?? '')) return next();
        void api.whenUp().then((up) => {
          if (up) return next();
          response
            .writeHead(503, { 'content-type': 'text/plain; charset=utf-8', 'retry-after': '1' })
            .end('The API server is not running: see the terminal where npm run dev runs.\n');
        });
      });
    },
  };
}

/** The real folder the packages are installed in, whatever links lead to it. */
function installedPackagesDir(): string {
  return path.dirname(
    path.dirname(realpathSync(path.join(repoRoot, 'node_modules/vite/package.json'))),
  );
}

/** Runs `node <args>` in the project's folder; `what` names it in the error when it fails. */
function runNode(args: string[], what: string): Promise<void> {
  const child = spawn(process.execPath, args, { cwd: repoRoot, stdio: 'inherit' });
  return new Promise((resolve, reject) => {
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${what} failed (exit code ${code})`)),
    );
  });
}

/** Draws the product pictures into public/images; at once when they are up to date. */
const drawImages = () => runNode(['--run', 'images'], 'npm run images');

/**
 * Bundles the card widget's scripts into build/widget, which the server reads at start (ADR 056),
 * in a process of its own: esbuild's `stop()` is process-wide. Some 300 ms.
 */
const buildWidget = () =>
  runNode(['scripts/build/widget-scripts.ts'], 'Bundling the card widget').catch((error: Error) =>
    log(error.message),
  );
/** What the widget's scripts are built from: a change here rebuilds them before the restart. */
const WIDGET_SOURCES =
  /^src[/\\](?:shared|server[/\\]modules[/\\]payments[/\\](?:browser|frame-data))/;

// The server reads .env itself, at each restart, so that an edit to it applies: it is given the
// environment as it was before the file was read.
const environment = { ...process.env };
loadEnvFile(path.join(repoRoot, '.env'));
const port = Number(process.env.PORT ?? 3000);
const publicUrl = process.env.PUBLIC_URL ?? `http://localhost:${port}`;

const api = apiProcess({
  port: await freePort(),
  env: {
    ...environment,
    PUBLIC_URL: publicUrl,
    // The stand-in for Google, switched on for development unless .env or the environment says
    // otherwise (ADR 018).
    LOCAL_GOOGLE: process.env.LOCAL_GOOGLE ?? 'on',
    SERVE_SITE: 'false',
    // Development: the outbox opens to a browser on this machine without signing in (ADR 052).
    NODE_ENV: process.env.NODE_ENV ?? 'development',
    // A restart should not wait for open event streams (a signed-in page keeps one).
    SHUTDOWN_GRACE_MS: '100',
  },
  log,
});

let restartTimer: NodeJS.Timeout | undefined;
function restartSoon(file: string) {
  // An editor's save is often several events; one restart for them all.
  clearTimeout(restartTimer);
  restartTimer = setTimeout(() => {
    const built = WIDGET_SOURCES.test(file) ? buildWidget() : Promise.resolve();
    void built.then(() => api.restart(file));
  }, 30);
}
const watchers = [
  ...SERVER_SOURCES.map((folder) =>
    watch(path.join(repoRoot, folder), { recursive: true }, (_event, file) => {
      if (file && isServerSource(file)) restartSoon(path.join(folder, file));
    }),
  ),
  watch(repoRoot, (_event, file) => {
    if (file === '.env') restartSoon(file);
  }),
];

const images = drawImages().catch((error: Error) => log(error.message));
const apiStarted = buildWidget().then(() => api.start());
const viteStarted = createServer({
  root: repoRoot,
  clearScreen: false,
  server: {
    port,
    strictPort: true,
    proxy: {
      [API_PATHS.source]: {
        target: `http://127.0.0.1:${api.port}`,
        configure(proxy) {
          // A response the server cut short (an event stream, at a restart) is cut short for the
          // browser too, which then reconnects; the proxy would otherwise leave it open.
          proxy.on('proxyRes', (proxyResponse, _request, response) => {
            proxyResponse.once('close', () => {
              if (!proxyResponse.complete) response.destroy();
            });
          });
        },
      },
    },
    watch: { ignored: ['**/data/**', '**/build/**', '**/src/server/**', '**/bench/**'] },
    // The installed packages may be links to a folder outside the project (git worktrees sharing
    // one install): Vite must still serve React Router's client entry from there.
    fs: { allow: [searchForWorkspaceRoot(repoRoot), installedPackagesDir()] },
  },
  // Every client module, so that Vite finds the packages the app uses at start: one found later,
  // on the first visit to a page that needs it, reloads the open page.
  optimizeDeps: {
    entries: ['src/client/**/*.{ts,tsx}', '!src/client/**/*.test.{ts,tsx}', '!src/client/test/**'],
  },
  // The catalogue's pages are rendered with the catalogue of the API server's database.
  plugins: [
    apiInFront(api),
    devCataloguePages({ env: process.env, publicUrl, apiReady: api.whenUp }),
  ],
});

let stopping = false;
async function stop(signal: NodeJS.Signals) {
  if (stopping) return;
  stopping = true;
  log(`${signal}: stopping`);
  clearTimeout(restartTimer);
  for (const watcher of watchers) watcher.close();
  await Promise.allSettled([api.close(), viteStarted.then((vite) => vite.close())]);
  process.exit(0);
}
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  process.on(signal, () => void stop(signal));
}
process.on('exit', () => api.signalClose());

const vite = await viteStarted;
await vite.listen();
vite.printUrls();
await images;
if (await apiStarted)
  log(`API server behind ${publicUrl} (/api, /pay, /oidc, /auth, /images/uploads)`);
