import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { NON_PAGE_CONTENT_SECURITY_POLICY, PERMISSIONS_POLICY } from './content-security-policy.ts';

/**
 * helmet's headers, worked out once at start-up and then set on every response. helmet's choices
 * are kept (it is the maintained list of what browsers need), but running its middleware on each
 * request cost about 30% of the page throughput, and its output never changes.
 */
export function staticHelmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string | number) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  } as unknown as ServerResponse;
  let failure: unknown;
  helmet(options)({} as IncomingMessage, response, (error?: unknown) => {
    failure = error;
  });
  if (failure) throw new Error('helmet rejected its options', { cause: failure });
  return headers;
}

/**
 * Headers only a document acts on: who may open or frame it, what its scripts may use, how its
 * links are prefetched, and switches for old browsers' page features. On a script, an image or a
 * JSON answer they do nothing: such a response opened on its own is a document without scripts
 * (its Content-Security-Policy allows nothing) that nothing may frame (its frame-ancestors).
 */
export const DOCUMENT_ONLY_HEADERS = [
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'permissions-policy',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
] as const;

/**
 * Sets the security headers on every response: helmet's, a Permissions-Policy, and the strict
 * Content-Security-Policy of a response that is not a page. A route that sends HTML replaces the
 * latter with its page's own policy (helmet's generic one is off: it would allow inline styles
 * everywhere and no page's inline scripts). A response that is neither HTML nor a redirect loses
 * the DOCUMENT_ONLY_HEADERS again when it is sent, some 300 bytes (docs/decisions/026); a response a
 * route takes over itself (the OpenID provider's) keeps them all.
 */
export function securityHeaders(app: FastifyInstance, options: HelmetOptions) {
  const headers = {
    // helmet's own policy, if asked for, is replaced by the one below.
    ...staticHelmetHeaders(options),
    'content-security-policy': NON_PAGE_CONTENT_SECURITY_POLICY,
    'permissions-policy': PERMISSIONS_POLICY,
  };
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
  app.addHook('onSend', (_request, reply, payload, done) => {
    const type = reply.getHeader('content-type');
    // A redirect is a step of a navigation: browsers apply its Cross-Origin-Opener-Policy, and
    // one without it cuts a popup (the Google sign-in) off from the page that opened it.
    const redirect = reply.statusCode >= 300 && reply.statusCode < 400;
    if (!redirect && (typeof type !== 'string' || !type.startsWith('text/html'))) {
      for (const name of DOCUMENT_ONLY_HEADERS) reply.removeHeader(name);
    }
    done(null, payload);
  });
}
