import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest, HTTPMethods } from 'fastify';
import type { Provider } from 'oidc-provider';

export interface ProviderMountOptions {
  /** The provider, made on the first request that needs it (local-oidc-plugin.ts). */
  provider: () => Promise<Provider>;
  /** The issuer's path, e.g. /oidc: every request under it goes to the provider. */
  issuerPath: string;
  /** The protocol shoppers use (PUBLIC_URL's), whatever the connection to this server is. */
  publicProtocol: 'http' | 'https';
}

const METHODS: HTTPMethods[] = ['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'OPTIONS', 'PATCH'];

/**
 * Hands every request under the issuer's path (except the interaction pages, which are more
 * specific Fastify routes) to oidc-provider's Koa app. Register it as its own plugin: it removes
 * the body parsers of its encapsulated context, because oidc-provider reads the request stream
 * itself and refuses bodies a parser already consumed.
 */
export function providerMount(
  app: FastifyInstance,
  { provider, issuerPath, publicProtocol }: ProviderMountOptions,
  done: (error?: Error) => void,
): void {
  app.removeAllContentTypeParsers();
  // Accept any body without reading it; the stream stays untouched for oidc-provider.
  app.addContentTypeParser('*', (_request, _payload, done) => {
    done(null, undefined);
  });

  // oidc-provider reads bodies itself (up to 56 KiB, and only of the types it parses), and Node
  // drains any body left unread after the answer: a 10 MiB body to any path here was read to
  // the end. The server's body limit applies here too, before a byte of the body is read: a
  // declared length over it is refused at once, and a body without a declared length (chunked)
  // is refused, as browsers and the shop's server always declare one. The connection is closed
  // so that the rest is not read either.
  app.addHook('onRequest', (request, reply, done) => {
    const declared = request.headers['content-length'];
    const chunked = declared === undefined && request.headers['transfer-encoding'] !== undefined;
    const tooLarge = declared !== undefined && Number(declared) > request.routeOptions.bodyLimit;
    if (chunked || tooLarge) {
      request.log.warn({ declared, url: request.url }, 'refused a body to the OpenID provider');
      void reply
        .status(chunked ? 411 : 413)
        .header('connection', 'close')
        .send({
          error: chunked ? 'Length Required' : 'Payload Too Large',
          message: chunked ? 'Send the body with a Content-Length.' : 'The body is too large.',
        });
      return;
    }
    done();
  });

  let callback: ReturnType<Provider['callback']> | undefined;

  async function handOver(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    // Before the hijack, so that a provider that cannot be made is an ordinary error answer.
    callback ??= (await provider()).callback();
    // Headers that hooks set through Fastify (helmet writes to the raw response itself) would be
    // lost once the reply is hijacked.
    for (const [name, value] of Object.entries(reply.getHeaders())) {
      if (value !== undefined) reply.raw.setHeader(name, value);
    }
    reply.hijack();

    // oidc-provider routes on paths relative to where it is mounted and finds the mount path
    // from req.originalUrl, as Express's app.use(path, ...) leaves them.
    const raw: IncomingMessage & { originalUrl?: string } = request.raw;
    // The provider (Koa, with `proxy` on) sees the client address Fastify settled on, trusting
    // forwarded headers only from TRUST_PROXY's proxies, and the shop's public protocol, so it
    // sets Secure cookies behind a TLS proxy. A client's own X-Forwarded-* headers are replaced.
    raw.headers['x-forwarded-for'] = request.ip;
    raw.headers['x-forwarded-proto'] = publicProtocol;
    delete raw.headers['x-forwarded-host'];
    const originalUrl = raw.url ?? '/';
    const rest = originalUrl.slice(issuerPath.length);
    raw.originalUrl = originalUrl;
    raw.url = rest.startsWith('/') ? rest : `/${rest}`;
    try {
      await callback(raw, reply.raw);
    } finally {
      raw.url = originalUrl;
    }
  }

  // HEAD is listed explicitly, so Fastify must not also derive one from GET.
  const route = { method: METHODS, handler: handOver, exposeHeadRoute: false } as const;
  app.route({ ...route, url: issuerPath });
  app.route({ ...route, url: `${issuerPath}/*` });
  done();
}
