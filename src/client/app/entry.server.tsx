import { renderToReadableStream } from 'react-dom/server';
import {
  createRequestHandler,
  ServerRouter,
  type EntryContext,
  type ServerBuild,
} from 'react-router';
import type { CatalogueReader } from '#shared/catalogue-model.ts';
import { catalogueLoadContext } from './catalogue-context.ts';

/**
 * React Router's request handler for this build, whose loaders read `catalogue`. The server
 * (src/server/site/rendered-pages.ts) and the dev loop take it from the server build's entry
 * module, so they hand the loaders the catalogue without importing React Router or client code.
 */
export function catalogueRequestHandler(build: ServerBuild, mode: string) {
  const handle = createRequestHandler(build, mode);
  return (request: Request, catalogue: CatalogueReader) =>
    handle(request, catalogueLoadContext(catalogue));
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
  let status = responseStatusCode;
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
