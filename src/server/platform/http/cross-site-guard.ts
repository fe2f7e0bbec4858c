import type { FastifyInstance } from 'fastify';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Refuses every state-changing request that a browser made from another site, whichever route it
 * is for (better-auth's CSRF check covers only its own routes). Browsers say where a request
 * comes from in Sec-Fetch-Site, and older ones in Origin; a request with neither is not from a
 * browser page (curl, a server), which cannot ride on a shopper's cookies.
 */
export function crossSiteGuard(
  app: FastifyInstance,
  opts: {
    publicUrl: string;
    /** Other sites this process serves (the payment provider). */ otherUrls?: string[];
  },
) {
  const shopOrigin = new URL(opts.publicUrl).origin;
  // A request's own origin is that of the host it was sent to; the shop's for any other host.
  const originByHost = new Map(
    (opts.otherUrls ?? []).map((url) => [new URL(url).host, new URL(url).origin]),
  );
  app.addHook('onRequest', (request, reply, done) => {
    if (SAFE_METHODS.has(request.method)) {
      done();
      return;
    }
    const site = request.headers['sec-fetch-site'];
    const origin = request.headers.origin;
    const ownOrigin = originByHost.get(request.host.toLowerCase()) ?? shopOrigin;
    const crossSite =
      site !== undefined
        ? site !== 'same-origin' && site !== 'none'
        : origin !== undefined && origin !== ownOrigin;
    if (crossSite) {
      request.log.warn({ site, origin, url: request.url }, 'refused a cross-site request');
      // Said for the shopper whose page came from another address of the shop (a `www.` name,
      // an old tab): an attacker's page never shows it.
      void reply.status(403).send({
        error: 'Forbidden',
        code: 'CROSS_SITE',
        message: `This page was opened at another address than the shop's. Reload it from ${shopOrigin} and try again.`,
      });
      return;
    }
    done();
  });
}
