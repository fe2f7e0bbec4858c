import type { FastifyInstance } from 'fastify';

/**
 * Keeps two sites that one process serves apart by the Host they are asked for: a request for
 * `host` reaches only the routes under `pathPrefix`, and those routes answer on no other host.
 * Anything else answers 404. The payment provider uses it to live on an origin of its own
 * (docs/decisions/019-payment-origin-and-retries.md): the shop's pages, API and cookies never
 * answer on the payment host, and the card form never answers on the shop's.
 *
 * Warning: it decides by the route Fastify matched, so register it before any route is added.
 */
export function separateHosts(
  app: FastifyInstance,
  { host, pathPrefix }: { host: string; pathPrefix: string },
) {
  const ownHost = host.toLowerCase();
  app.addHook('onRequest', (request, reply, done) => {
    const onHost = request.host.toLowerCase() === ownHost;
    const route = request.routeOptions.url;
    const underPrefix = route !== undefined && route.startsWith(pathPrefix);
    if (onHost === underPrefix) {
      done();
      return;
    }
    void reply
      .status(404)
      .header('cache-control', 'no-store')
      .send({ error: 'Not Found', message: 'Nothing is served at this address.' });
  });
}
