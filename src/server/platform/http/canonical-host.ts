import type { FastifyInstance } from 'fastify';

/** The host part of `host` as a URL of `protocol` would hold it: lower case, no default port. */
function normalisedHost(host: string, protocol: string): string | undefined {
  // A Host with a path, credentials or a query is no host at all.
  if (host === '' || /[/?#@\\\s]/.test(host)) return undefined;
  try {
    return new URL(`${protocol}//${host}`).host;
  } catch {
    return undefined;
  }
}

/**
 * Sends every request that was not addressed to the shop's own host (PUBLIC_URL's) there, so a
 * shopper who typed 127.0.0.1, another spelling or a `www.` name ends up on the one origin whose
 * cookies and sign-in checks work (docs/decisions/024-canonical-host-and-path-case.md). Pages
 * and other GET/HEAD requests are redirected (301) to the same path and query; other methods
 * are refused with 421 and a message that names the shop's address, since a redirected POST
 * would lose its body or fail as a cross-origin fetch.
 *
 * `otherHosts` (the payment provider's) answer as they are. The host is `request.host`, which
 * is X-Forwarded-Host only from a trusted proxy (TRUST_PROXY), so a proxy that keeps Host, or
 * sends X-Forwarded-Host, works; one that rewrites Host to its own upstream name would loop, as
 * it already breaks the payment host (ADR 019).
 *
 * Warning: register it before the other hooks, so a misdirected request is answered by nothing
 * else (a cross-site refusal or a rate limit would tell the shopper less).
 */
export function canonicalHost(
  app: FastifyInstance,
  { publicUrl, otherUrls = [] }: { publicUrl: string; otherUrls?: string[] },
) {
  const canonical = new URL(publicUrl);
  const exempt = new Set(otherUrls.map((url) => new URL(url).host));
  app.addHook('onRequest', (request, reply, done) => {
    // Nearly every request names the shop's host exactly: no URL to parse on the hot path.
    const host =
      request.host === canonical.host
        ? canonical.host
        : normalisedHost(request.host, canonical.protocol);
    if (host === canonical.host || (host !== undefined && exempt.has(host))) {
      done();
      return;
    }
    // The raw target starts with '/' except for absolute-form and `*` targets, which are not
    // paths on our host.
    const target = request.url.startsWith('/') ? request.url : '/';
    const location = `${canonical.origin}${target}`;
    if (request.method === 'GET' || request.method === 'HEAD') {
      // Not cached for good: a later change of PUBLIC_URL must not be stuck in browsers.
      void reply.header('cache-control', 'no-store').redirect(location, 301);
      return;
    }
    void reply
      .status(421)
      .header('cache-control', 'no-store')
      .send({
        error: 'Misdirected Request',
        message: `This page was opened at another address than the shop's. Reload it from ${canonical.origin} and try again.`,
      });
  });
}
