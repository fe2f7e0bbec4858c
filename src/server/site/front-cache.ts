import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type {
  FastifyBaseLogger,
  FastifyReply,
  FastifyRequest,
  FastifyServerOptions,
} from 'fastify';

/**
 * How long a page kept here is answered again without Fastify. The render cache behind it checks
 * the catalogue's version at most once a second (rendered-pages.ts); so does this, by letting an
 * entry go after a second, and a change announced by the catalogue empties it at once.
 */
const ENTRY_LIFETIME_MS = 1000;

/** Enough for the catalogue's busiest pages in each encoding browsers ask for. */
const MAX_ENTRIES = 500;

/**
 * A request whose answer may depend on more than its host, URL and Accept-Encoding is never
 * answered here: a cookie (a session, the signed-in hint), a conditional or partial request, a
 * proxy's forwarded address or protocol.
 */
const PERSONAL_HEADERS = [
  'cookie',
  'authorization',
  'if-none-match',
  'if-modified-since',
  'if-match',
  'if-unmodified-since',
  'range',
  'x-forwarded-for',
  'x-forwarded-host',
  'x-forwarded-proto',
  'forwarded',
];

/** Headers that Node writes for each response itself. */
const PER_RESPONSE_HEADERS = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding']);

interface Entry {
  status: number;
  /** Names and values in turn, as `writeHead` takes them. */
  headers: string[];
  body: Buffer;
  until: number;
}

const isPlain = (request: IncomingMessage) =>
  request.method === 'GET' && PERSONAL_HEADERS.every((name) => !(name in request.headers));

const keyOf = (request: IncomingMessage) =>
  `${request.headers.host ?? ''} ${request.headers['accept-encoding'] ?? ''} ${request.url ?? ''}`;

/**
 * The catalogue's pages as last sent to a visitor without cookies, sent again to the next such
 * visitor straight from Node's HTTP server, before Fastify's routing and hooks (ADR 043). Only
 * what Fastify itself answered is kept, with every header it sent (the security headers, the
 * page's CSP and ETag), so the bytes are the same either way; each request still gets its log
 * line. Issue 13: the home page's HTML at no less than half a bare Node server's rate.
 */
export class FrontCache {
  readonly #entries = new Map<string, Entry>();
  readonly #now: () => number;
  #log: FastifyBaseLogger | undefined;

  constructor(now: () => number = Date.now) {
    this.#now = now;
  }

  /** Where each answer's line is written (the app's logger, once it exists). */
  logTo(log: FastifyBaseLogger): void {
    this.#log = log;
  }

  /** Sends the kept answer to `request`, if there is one: false leaves it to Fastify. */
  answer(request: IncomingMessage, response: ServerResponse): boolean {
    if (this.#entries.size === 0 || !isPlain(request)) return false;
    const key = keyOf(request);
    const entry = this.#entries.get(key);
    if (!entry) return false;
    if (entry.until <= this.#now()) {
      this.#entries.delete(key);
      return false;
    }
    const started = performance.now();
    response.writeHead(entry.status, entry.headers);
    response.end(entry.body);
    // The same short line as Fastify's (platform/logger.ts).
    this.#log?.info({
      method: request.method,
      url: request.url,
      status: entry.status,
      ms: Math.round((performance.now() - started) * 10) / 10,
    });
    return true;
  }

  /**
   * Keeps what Fastify is about to send for `request`, when anyone asking the same would get the
   * same: call it from an onSend hook that runs after every other, for a page that is the same
   * for every visitor.
   */
  keep(request: FastifyRequest, reply: FastifyReply, payload: unknown): void {
    if (!Buffer.isBuffer(payload) || reply.statusCode !== 200 || !isPlain(request.raw)) return;
    const headers: [string, string][] = [];
    for (const [name, value] of Object.entries(reply.getHeaders())) {
      if (value === undefined || PER_RESPONSE_HEADERS.has(name)) continue;
      // A cookie set for this visitor is theirs alone.
      if (name === 'set-cookie') return;
      headers.push([name, Array.isArray(value) ? value.join(', ') : String(value)]);
    }
    if (!headers.some(([name]) => name === 'content-length')) {
      headers.push(['content-length', String(payload.length)]);
    }
    if (this.#entries.size >= MAX_ENTRIES) this.#entries.clear();
    this.#entries.set(keyOf(request.raw), {
      status: reply.statusCode,
      headers: headers.flat(),
      body: payload,
      until: this.#now() + ENTRY_LIFETIME_MS,
    });
  }

  /** Forgets every page (the catalogue changed). */
  clear(): void {
    this.#entries.clear();
  }

  /**
   * Fastify's `serverFactory`: Node's HTTP server, as Fastify makes it, that asks this cache
   * first.
   */
  serverFactory(): NonNullable<FastifyServerOptions['serverFactory']> {
    return (handler, options) => {
      const server: Server = createServer((request, response) => {
        if (!this.answer(request, response)) handler(request, response);
      });
      // As Fastify sets its own server (fastify/lib/server.js), with its defaults applied.
      const { keepAliveTimeout, requestTimeout, connectionTimeout } = options as {
        keepAliveTimeout?: number;
        requestTimeout?: number;
        connectionTimeout?: number;
      };
      if (keepAliveTimeout) server.keepAliveTimeout = keepAliveTimeout;
      if (requestTimeout !== undefined) server.requestTimeout = requestTimeout;
      if (connectionTimeout !== undefined) server.setTimeout(connectionTimeout);
      return server;
    };
  }
}
