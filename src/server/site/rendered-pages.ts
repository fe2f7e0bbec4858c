import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  onSendAsyncHookHandler,
} from 'fastify';
import type { CatalogueReader } from '#shared/catalogue-model.ts';
import { DEFAULT_SHOP_SETTINGS, type ShopSettings } from '#shared/shop-settings.ts';
import type { FrontCache } from './front-cache.ts';
import { dropModulePreloads } from './module-preloads.ts';
import { RenderCache } from './render-cache.ts';
import { withShopIdentity, type SiteShop } from './shop-identity.ts';
import {
  HTML,
  compressedPage,
  pagePolicy,
  sendPage,
  type Page,
  type PolicyOptions,
} from './page-variants.ts';

/** The catalogue as the pages read it, and word of each change to it (from any server). */
export interface SiteCatalogue extends CatalogueReader {
  onChange(listener: (version: number) => void): () => void;
  /** The current address of a collection `routeName` once was (renamed, ADR 045), if any. */
  movedCollection?(routeName: string): Promise<string | undefined>;
}

/**
 * What src/client/app/entry.server.tsx exports: React Router's handler with the catalogue and
 * the shop's settings (the defaults when not given).
 */
type CatalogueRequestHandler = (
  request: Request,
  catalogue: CatalogueReader,
  shop?: Readonly<ShopSettings>,
) => Promise<Response>;

/**
 * React Router's request handler of the server build at `file`, or undefined when there is none
 * (a build of prerendered pages only, as the tests' fake builds).
 */
export async function loadServerBuild(file: string): Promise<CatalogueRequestHandler | undefined> {
  if (!existsSync(file)) return undefined;
  const build = (await import(pathToFileURL(file).href)) as {
    entry?: { module?: { catalogueRequestHandler?: unknown } };
  };
  const make = build.entry?.module?.catalogueRequestHandler;
  if (typeof make !== 'function') {
    throw new Error(`${file} is not this shop's server build: run \`npm run build\`.`);
  }
  return (make as (build: unknown, mode: string) => CatalogueRequestHandler)(build, 'production');
}

/**
 * The catalogue's pages: rendered at run time from the catalogue as it is now (ADR 035); and the
 * contact page, from the shop's settings (ADR 048).
 */
export function isRenderedPath(pathname: string): boolean {
  return (
    pathname === '/' ||
    pathname === '/contact' ||
    pathname === '/shop' ||
    pathname.startsWith('/shop/') ||
    pathname === '/search'
  );
}

/** React Router's data requests of those pages (`/_.data` is the home page's). */
const DATA_PATHS = ['/_.data', '/shop.data', '/search.data', '/contact.data'];

/** A page or a `.data` request of a page that is rendered at run time. */
export function isRenderedRequest(pathname: string): boolean {
  return isRenderedPath(pathname) || DATA_PATHS.includes(pathname);
}

/** The canonical address of a page path: lower case, no trailing slash (ADR 024). */
const canonicalPath = (pathname: string) => pathname.replace(/\/+$/, '').toLowerCase() || '/';

/**
 * One cache key per page and query, whatever the order of the query's parameters, so
 * `?sort=name&page=2` and `?page=2&sort=name` are rendered once.
 */
function cacheKey(pathname: string, search: string): string {
  const params = new URLSearchParams(search);
  params.sort();
  const query = params.toString();
  return query ? `${pathname}?${query}` : pathname;
}

interface Rendered {
  /** The catalogue's and the settings' versions it was rendered from. */
  version: string;
  bytes: number;
  status: number;
  page: Page;
  /** React Router's own headers of a data answer (X-Remix-Response and the like). */
  headers: [string, string][];
}

/** An answer that is not kept (a redirect, an error), as React Router gave it. */
interface PassedOn {
  passedOn: true;
  status: number;
  headers: [string, string][];
  body: Buffer;
}

/** Enough for every page of a large catalogue and many searches, in a few tens of megabytes. */
const CACHE_LIMITS = { entries: 2000, bytes: 64 * 1024 * 1024 };

/** Only these answers are kept: the page, and the not-found page of an unknown collection. */
const CACHED_STATUSES = new Set([200, 404]);

/**
 * Serves the catalogue's pages (/, /shop, /shop/…, /search) and their `.data` answers rendered
 * by React Router's server build from the catalogue as it is now, through a render cache: each
 * page is rendered once per catalogue version and query and kept in identity, brotli and gzip,
 * with a strong ETag each and its own Content-Security-Policy hashed from the bytes served. The
 * cache is dropped when the catalogue changes (a change on any server is announced on the
 * database's notifications), and an entry of an older version is never served, even if the word
 * was missed: each request asks the reader for its version, which it checks against the database
 * every second at most.
 *
 * Warning: register it where @fastify/etag is, so that revalidations get their 304.
 */
export function renderedPages(
  app: FastifyInstance,
  opts: {
    handler: CatalogueRequestHandler;
    catalogue: SiteCatalogue;
    /** The shop's settings: its name in every page, its contact page (ADR 048). */
    shop?: SiteShop | undefined;
    publicUrl: string;
    policy: PolicyOptions;
    /** Keeps each page as sent, for the next visitor without cookies (ADR 043). */
    frontCache?: FrontCache | undefined;
  },
) {
  const cache = new RenderCache<Rendered>(CACHE_LIMITS);
  const rendering = new Map<string, Promise<Rendered | PassedOn>>();
  const { frontCache } = opts;
  const drop = () => {
    cache.clear();
    frontCache?.clear();
  };
  const stops = [opts.catalogue.onChange(drop), ...(opts.shop ? [opts.shop.onChange(drop)] : [])];
  app.addHook('onClose', (_instance, done) => {
    for (const stop of stops) stop();
    done();
  });

  /** The settings and the version of catalogue and settings together, as a cache entry's. */
  async function versionNow(): Promise<{ version: string; shop: Readonly<ShopSettings> }> {
    const [catalogue, shop] = await Promise.all([
      opts.catalogue.version(),
      opts.shop?.current() ?? { version: 0, settings: DEFAULT_SHOP_SETTINGS },
    ]);
    return { version: `${catalogue}.${shop.version}`, shop: shop.settings };
  }

  async function render(
    url: string,
    version: string,
    shop: Readonly<ShopSettings>,
  ): Promise<Rendered | PassedOn> {
    // No headers at all: nothing personal (cookies) can reach a page every shopper is sent.
    const response = await opts.handler(new Request(url), opts.catalogue, shop);
    let body = Buffer.from(await response.arrayBuffer());
    const contentType = response.headers.get('content-type') ?? HTML;
    const isHtml = contentType.startsWith('text/html');
    // As the build does to its prerendered pages (docs/decisions/012); the shop's own name in
    // place of the one the storefront renders (ADR 048).
    if (isHtml) {
      body = Buffer.from(withShopIdentity(dropModulePreloads(body.toString('utf8')).html, shop));
    }
    if (!CACHED_STATUSES.has(response.status)) {
      const headers = [...response.headers].filter(([name]) => name !== 'content-length');
      return { passedOn: true, status: response.status, headers, body };
    }
    const page = await compressedPage(
      body,
      isHtml ? HTML : contentType,
      isHtml ? pagePolicy(body, opts.policy) : undefined,
    );
    const headers = [...response.headers].filter(([name]) => name.startsWith('x-remix-'));
    const bytes =
      page.identity.body.length +
      [...page.encoded.values()].reduce((sum, variant) => sum + variant.body.length, 0);
    return { version, bytes, status: response.status, page, headers };
  }

  async function answer(request: FastifyRequest, reply: FastifyReply) {
    const [path = '/', search = ''] = request.url.split('?');
    const isData = path.endsWith('.data');
    // A link in the app to /SHOP asks for /SHOP.data: the page's data (ADR 024 canonical case).
    const pathname = isData ? path.toLowerCase() : path;
    if (!isData) {
      const canonical = canonicalPath(pathname);
      if (canonical !== pathname)
        return reply.redirect(search ? `${canonical}?${search}` : canonical, 301);
    }
    const key = cacheKey(pathname, search);
    const { version, shop } = await versionNow();
    let rendered: Rendered | PassedOn | undefined = cache.get(key, version);
    if (!rendered) {
      const pendingKey = `${version} ${key}`;
      let pending = rendering.get(pendingKey);
      if (!pending) {
        pending = render(`${opts.publicUrl}${key}`, version, shop);
        rendering.set(pendingKey, pending);
        const done = () => rendering.delete(pendingKey);
        pending.then(done, done);
      }
      rendered = await pending;
      if (!('passedOn' in rendered)) cache.set(key, rendered);
    }
    if (rendered.status === 404 && !isData && pathname.startsWith('/shop/')) {
      // A collection's former address leads to its new one, product pages included (ADR 045).
      const [, , former = '', ...rest] = pathname.split('/');
      const moved = await opts.catalogue.movedCollection?.(former);
      if (moved) {
        const target = ['', 'shop', moved, ...rest].join('/');
        return reply.redirect(search ? `${target}?${search}` : target, 301);
      }
    }
    if ('passedOn' in rendered) {
      // A redirect or an error: passed on as it is, never kept.
      for (const [name, value] of rendered.headers) reply.header(name, value);
      return reply.status(rendered.status).header('cache-control', 'no-store').send(rendered.body);
    }
    for (const [name, value] of rendered.headers) reply.header(name, value);
    return sendPage(request, reply, rendered.page, rendered.status);
  }

  // After every other onSend hook (route hooks run last): the headers are the ones sent.
  const keep: onSendAsyncHookHandler = async (request, reply, payload) => {
    frontCache?.keep(request, reply, payload);
    return payload;
  };
  for (const url of ['/', '/shop', '/shop/*', '/search', '/contact', ...DATA_PATHS]) {
    app.get(url, { onSend: keep }, answer);
  }
  return answer;
}
