import type { IncomingMessage, ServerResponse } from 'node:http';
import { isRunnableDevEnvironment, type Plugin } from 'vite';
import type { CatalogueReader } from '../../src/shared/catalogue-model.ts';
import { loadConfig } from '../../src/server/config.ts';
import {
  openPostgresDatabase,
  openSqliteDatabase,
} from '../../src/server/platform/database/database.ts';
import { createCatalogueReader } from '../../src/server/modules/catalogue/catalogue-service.ts';
import { isRenderedRequest } from '../../src/server/site/rendered-pages.ts';

type CatalogueRequestHandler = (request: Request, catalogue: CatalogueReader) => Promise<Response>;

/** What the server build's entry exports (src/client/app/entry.server.tsx). */
interface DevServerBuild {
  entry: {
    module: { catalogueRequestHandler(build: unknown, mode: string): CatalogueRequestHandler };
  };
}

/**
 * A reader of the catalogue in the database the API server uses (the same DATABASE_URL or
 * DATABASE_FILE), opened on the first page asked for, once the API server has migrated and
 * seeded it. It reads the version again every second, so a change made through the API server
 * shows on the next page within a second.
 */
function devCatalogue(env: NodeJS.ProcessEnv, apiReady: () => Promise<boolean>) {
  let reader: Promise<CatalogueReader> | undefined;
  return () =>
    (reader ??= (async () => {
      await apiReady();
      const config = loadConfig({ ...env, LOG_LEVEL: 'silent' });
      const database = config.DATABASE_URL
        ? await openPostgresDatabase(config.DATABASE_URL, { maxConnections: 2 })
        : openSqliteDatabase(config.DATABASE_FILE);
      return createCatalogueReader(database.db);
    })());
}

async function send(response: ServerResponse, answer: Response) {
  response.statusCode = answer.status;
  for (const [name, value] of answer.headers) response.setHeader(name, value);
  response.end(Buffer.from(await answer.arrayBuffer()));
}

/**
 * The catalogue's pages in `npm run dev`: React Router's dev server would run their loaders
 * without a load context, so this middleware, in front of it, renders them itself with the
 * server build Vite serves (hot-reloaded as usual) and a catalogue reader of the API server's
 * database in this process (docs/decisions/035). The other pages go on to React Router's own
 * middleware.
 */
export function devCataloguePages(options: {
  env: NodeJS.ProcessEnv;
  publicUrl: string;
  apiReady: () => Promise<boolean>;
}): Plugin {
  const catalogue = devCatalogue(options.env, options.apiReady);
  return {
    name: 'crwn:dev-catalogue-pages',
    configureServer(server) {
      async function render(request: IncomingMessage, response: ServerResponse) {
        const ssr = server.environments.ssr;
        if (!ssr || !isRunnableDevEnvironment(ssr)) throw new Error('No SSR environment in Vite');
        const build = await ssr.runner.import<DevServerBuild>('virtual:react-router/server-build');
        const handle = build.entry.module.catalogueRequestHandler(build, 'development');
        const url = new URL(request.url ?? '/', options.publicUrl);
        await send(response, await handle(new Request(url), await catalogue()));
      }
      server.middlewares.use((request, response, next) => {
        const pathname = (request.url ?? '/').split('?')[0] ?? '/';
        if (
          (request.method !== 'GET' && request.method !== 'HEAD') ||
          !isRenderedRequest(pathname)
        ) {
          return next();
        }
        render(request, response).catch((error: unknown) => {
          server.ssrFixStacktrace(error as Error);
          next(error);
        });
      });
    },
  };
}
