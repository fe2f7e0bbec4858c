import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * Rebuilds a Fastify request as a web `Request`, for libraries (better-auth) that speak fetch.
 * The body was already parsed (and limited) by Fastify; JSON is sent on as JSON. `path` (with
 * its query) replaces the client's own spelling of the URL when given.
 */
export function toWebRequest(
  request: FastifyRequest,
  publicUrl: string,
  path: string = request.url,
): Request {
  const headers = webHeaders(request.headers);
  headers.delete('content-length');
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD' && request.body != null;
  if (hasBody) headers.set('content-type', 'application/json');
  return new Request(new URL(path, publicUrl), {
    method: request.method,
    headers,
    body: hasBody ? JSON.stringify(request.body) : undefined,
  });
}

/** Sends a web `Response` through Fastify, keeping every Set-Cookie header. */
export async function sendWebResponse(
  reply: FastifyReply,
  response: Response,
): Promise<FastifyReply> {
  reply.status(response.status);
  for (const [name, value] of response.headers) {
    if (name === 'set-cookie' || name === 'content-length') continue;
    reply.header(name, value);
  }
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) reply.header('set-cookie', cookies);
  return reply.send(response.body ? Buffer.from(await response.arrayBuffer()) : undefined);
}

/** Node's request headers as web `Headers` (better-auth's server API reads these). */
export function webHeaders(incoming: IncomingHttpHeaders): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(incoming)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item);
  }
  return headers;
}
