import { renderToReadableStream } from 'react-dom/server';
import {
  createRequestHandler,
  ServerRouter,
  type EntryContext,
  type ServerBuild,
} from 'react-router';
import type { CatalogueReader } from '#shared/catalogue-model.ts';
import type { ShopSettings } from '#shared/shop-settings.ts';
import { catalogueLoadContext } from './catalogue-context.ts';

/** The route id of routes.ts's `*` route, and the path the build prerenders it at. */
const NOT_FOUND_ROUTE = 'routes/not-found';
const NOT_FOUND_PATH = '/404';

/**
 * React Router's request handler for this build, whose loaders read `catalogue` and the shop's
 * settings (`shop`, the defaults when not given: ADR 048). The server
 * (src/server/site/rendered-pages.ts) and the dev loop take it from the server build's entry
 * module, so they hand the loaders the catalogue without importing React Router or client code.
 */
export function catalogueRequestHandler(build: ServerBuild, mode: string) {
  const handle = createRequestHandler(build, mode);
  return (request: Request, catalogue: CatalogueReader, shop?: Readonly<ShopSettings>) =>
    handle(request, catalogueLoadContext(catalogue, shop));
}

/**
 * Renders a page whole before answering, never streamed: the server keeps each rendered page in
 * its render cache and hashes every inline script of it (React Router's hydration data included)
 * into the page's Content-Security-Policy, so it needs the complete HTML (docs/decisions/035).
 */
export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
) {
  if (request.method.toUpperCase() === 'HEAD') {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  // A path no route knows falls to the not-found route (`*`): that is a 404, except when the
  // build prerenders the not-found page itself at its own path (as `/404/`).
  const deepest = routerContext.staticHandlerContext.matches.at(-1)?.route.id;
  const unknownPath =
    deepest === NOT_FOUND_ROUTE &&
    new URL(request.url).pathname.replace(/\/+$/, '') !== NOT_FOUND_PATH;
  let status = unknownPath ? 404 : responseStatusCode;
  const stream = await renderToReadableStream(
    <ServerRouter context={routerContext} url={request.url} />,
    {
      signal: request.signal,
      onError(error: unknown) {
        status = 500;
        console.error(error);
      },
    },
  );
  await stream.allReady;
  responseHeaders.set('content-type', 'text/html; charset=utf-8');
  return new Response(stream, { status, headers: responseHeaders });
}
