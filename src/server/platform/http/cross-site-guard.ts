import type { FastifyInstance } from 'fastify';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Refuses every state-changing request that a browser made from another site, whichever route it
 * is for (better-auth's CSRF check covers only its own routes). Browsers say where a request
 * comes from in Sec-Fetch-Site, and older ones in Origin; a request with neither is not from a
 * browser page (curl, a server), which cannot ride on a shopper's cookies.
 */
export function crossSiteGuard(app: FastifyInstance, opts: { publicUrl: string }) {
  const ownOrigin = new URL(opts.publicUrl).origin;
  app.addHook('onRequest', (request, reply, done) => {
    if (SAFE_METHODS.has(request.method)) {
      done();
      return;
    }
    const site = request.headers['sec-fetch-site'];
    const origin = request.headers.origin;
    const crossSite =
      site !== undefined
        ? site !== 'same-origin' && site !== 'none'
        : origin !== undefined && origin !== ownOrigin;
    if (crossSite) {
      request.log.warn({ site, origin, url: request.url }, 'refused a cross-site request');
      void reply
        .status(403)
        .send({ error: 'Forbidden', message: 'Cross-site requests are not allowed.' });
      return;
    }
    done();
  });
}
