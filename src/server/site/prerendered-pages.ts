import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import fastifyEtag from '@fastify/etag';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { productPath } from '#shared/catalogue-model.ts';
import { PRECOMPRESSED, type Encoding } from '#server/platform/http/accept-encoding.ts';
import { disallowedPaths, sitemapXml } from './crawler-files.ts';
import {
  HTML,
  compressedPage,
  pageOf,
  pagePolicy,
  sendPage,
  type Page,
  type PolicyOptions,
} from './page-variants.ts';
import { withShopName, type SiteShop } from './shop-identity.ts';
import type { FrontCache } from './front-cache.ts';
import {
  isRenderedPath,
  isRenderedRequest,
  loadServerBuild,
  renderedPages,
  type SiteCatalogue,
} from './rendered-pages.ts';

/** The prerendered page the server answers unknown paths with (see react-router.config.ts). */
export const NOT_FOUND_PAGE = '/404';

/**
 * Where the build lists the CSP hash of each component's CSS (scripts/build/style-hashes.ts, a
 * Vite plugin).
 */
const STYLE_HASHES_FILE = '.vite/style-hashes.json';

/** The build's list of component style hashes; none when the build wrote no list. */
async function componentStyleHashes(clientDir: string): Promise<string[]> {
  const file = await readOptional(path.join(clientDir, STYLE_HASHES_FILE));
  if (!file) return [];
  const list: unknown = JSON.parse(file.toString('utf8'));
  if (!Array.isArray(list) || !list.every((item) => typeof item === 'string')) {
    throw new Error(`${STYLE_HASHES_FILE} in ${clientDir} is not a list of hashes.`);
  }
  return list;
}

/** Reads a file, or undefined when the build did not write it. */
async function readOptional(file: string): Promise<Buffer | undefined> {
  try {
    return await readFile(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/**
 * Finds every `index.html` the prerender wrote and maps it to its URL path, with the brotli and
 * gzip files scripts/build/precompress.ts wrote beside it, all held in memory.
 */
async function readPages(clientDir: string, policy: PolicyOptions): Promise<Map<string, Page>> {
  const pages = new Map<string, Page>();
  const entries = await readdir(clientDir, { recursive: true, withFileTypes: true });
  for (const entry of entries) {
    if (!entry.isFile() || entry.name !== 'index.html') continue;
    const file = path.join(entry.parentPath, entry.name);
    const relative = path.relative(clientDir, entry.parentPath).split(path.sep).join('/');
    const html = await readFile(file);
    const compressed = new Map<Encoding, { body: Buffer; extension: string }>();
    for (const { encoding, extension } of PRECOMPRESSED) {
      const body = await readOptional(`${file}${extension}`);
      if (body) compressed.set(encoding, { body, extension });
    }
    pages.set(
      relative ? `/${relative}` : '/',
      pageOf(html, compressed, HTML, pagePolicy(html, policy)),
    );
  }
  return pages;
}

/**
 * Every page rendered at run time as it is now: home, contact, shop, each collection and each
 * product.
 */
async function cataloguePaths(catalogue: SiteCatalogue): Promise<string[]> {
  const collections = await catalogue.collections();
  return [
    '/',
    '/contact',
    '/shop',
    ...collections.flatMap((collection) => [
      `/shop/${collection.routeName}`,
      ...collection.items.map((product) => productPath(product)),
    ]),
  ];
}

/**
 * /robots.txt with the sitemap's address added, and /sitemap.xml: every page except the
 * not-found page and those robots.txt disallows, at the shop's public address. The catalogue's
 * pages come from the catalogue as it is now, so the sitemap is made again after each change.
 */
async function crawlerRoutes(
  app: FastifyInstance,
  opts: {
    clientDir: string;
    publicUrl: string;
    pagePaths: readonly string[];
    catalogue: SiteCatalogue | undefined;
  },
) {
  const { publicUrl, catalogue } = opts;
  const robots =
    (await readOptional(path.join(opts.clientDir, 'robots.txt')))?.toString('utf8') ?? '';
  const disallowed = disallowedPaths(robots);
  const sitemapOf = (paths: readonly string[]) =>
    sitemapXml(
      publicUrl,
      [...new Set(paths)]
        .filter((page) => page !== NOT_FOUND_PAGE)
        .filter((page) => !disallowed.some((prefix) => page.startsWith(prefix)))
        .sort(),
    );
  let sitemap = { version: -1, xml: sitemapOf(opts.pagePaths) };
  const currentSitemap = async () => {
    if (!catalogue) return sitemap.xml;
    const version = await catalogue.version();
    if (version !== sitemap.version) {
      sitemap = {
        version,
        xml: sitemapOf([...opts.pagePaths, ...(await cataloguePaths(catalogue))]),
      };
    }
    return sitemap.xml;
  };
  const robotsWithSitemap = `${robots.trimEnd()}\n\nSitemap: ${publicUrl}/sitemap.xml\n`;
  app.get('/robots.txt', (_request, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(robotsWithSitemap),
  );
  app.get('/sitemap.xml', async (_request, reply) =>
    reply
      .type('application/xml; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(await currentSitemap()),
  );
}

/**
 * The prerendered pages with the shop's own name in them (ADR 048): made again, and compressed,
 * once per version of the settings and page, on the first visit after a change; the build's
 * own files while the shop has the default name.
 */
function namedPages(shop: SiteShop | undefined, policy: PolicyOptions) {
  let made = { version: -1, pages: new Map<string, Promise<Page>>() };
  return async (urlPath: string, page: Page): Promise<Page> => {
    if (!shop) return page;
    const { version, settings } = await shop.current();
    const html = page.identity.body.toString('utf8');
    const named = withShopName(html, settings.name);
    if (named === html) return page;
    if (made.version !== version) made = { version, pages: new Map() };
    let pending = made.pages.get(urlPath);
    if (!pending) {
      const body = Buffer.from(named);
      pending = compressedPage(body, page.contentType, pagePolicy(body, policy));
      made.pages.set(urlPath, pending);
    }
    return pending;
  };
}

/**
 * Serves the site's pages. The catalogue's pages (/, /shop, /shop/…, /search) are rendered at
 * run time by the server build beside `clientDir` (`../server/index.js`) from `catalogue`, through
 * a render cache (rendered-pages.ts, docs/decisions/035); every other page is served as the build
 * prerendered it, compressed once at build. Both are held in memory in each encoding and
 * revalidated on each visit (assets are content-hashed, pages are not), and any other path gets
 * the not-found page with HTTP 404. Without a server build (a build of prerendered pages only),
 * the prerendered files are served for every page.
 *
 * It also serves /sitemap.xml and /robots.txt with the sitemap's address, at `publicUrl` (the
 * address shoppers use), since a sitemap needs absolute URLs.
 *
 * Each page carries its own Content-Security-Policy (docs/decisions/020), which allows the card
 * widget of `paymentOrigin`.
 */
export async function prerenderedPages(
  app: FastifyInstance,
  opts: {
    clientDir: string;
    publicUrl: string;
    paymentOrigin: string;
    /**
     * Pages whose address names something that may not exist (an order and its receipt): 404
     * when it does not, with the same page, whose script then shows that it was not found.
     */
    pageStatus?: Readonly<Record<string, (request: FastifyRequest) => Promise<200 | 404>>>;
    /** The catalogue the server-rendered pages and the sitemap read. */
    catalogue?: SiteCatalogue;
    /** The shop's settings: its name in every page, and its contact page (ADR 048). */
    shop?: SiteShop;
    /** Where the rendered pages are kept for visitors without cookies (front-cache.ts). */
    frontCache?: FrontCache;
  },
) {
  const policy: PolicyOptions = {
    paymentOrigin: opts.paymentOrigin,
    https: opts.publicUrl.startsWith('https://'),
    componentStyles: await componentStyleHashes(opts.clientDir),
  };
  const pages = await readPages(opts.clientDir, policy);
  const named = namedPages(opts.shop, policy);
  const handler = opts.catalogue
    ? await loadServerBuild(path.resolve(opts.clientDir, '../server/index.js'))
    : undefined;
  const rendered = handler && opts.catalogue ? { handler, catalogue: opts.catalogue } : undefined;
  let answerRendered: ReturnType<typeof renderedPages> | undefined;
  // Only pages redirect to their lower-case address (ADR 024).
  const isPage = (urlPath: string) => {
    if (urlPath === NOT_FOUND_PAGE) return false;
    if (pages.has(urlPath)) return true;
    // A rendered path in another case goes to its lower-case address whether or not it names
    // something: there the page's loader answers 404 for what does not exist. The client does
    // the same with in-app links (lower-case-paths.ts), whose router matches `shop/:collection`
    // in any case and could not hydrate the not-found page at /SHOP/unknown.
    return Boolean(rendered && isRenderedPath(urlPath));
  };
  const publicUrl = opts.publicUrl.replace(/\/+$/, '');
  const notFound = pages.get(NOT_FOUND_PAGE);
  if (!notFound) {
    throw new Error(`No prerendered pages in ${opts.clientDir}: run \`npm run build\` first.`);
  }

  // Pages that exist answer If-None-Match with 304; the not-found page below never does.
  await app.register(async (existing) => {
    await existing.register(fastifyEtag);
    if (rendered) {
      answerRendered = renderedPages(existing, {
        ...rendered,
        shop: opts.shop,
        publicUrl,
        policy,
        frontCache: opts.frontCache,
      });
    }
    for (const [urlPath, page] of pages) {
      if (urlPath === NOT_FOUND_PAGE || (rendered && isRenderedPath(urlPath))) continue;
      const status = opts.pageStatus?.[urlPath];
      existing.get(urlPath, async (request, reply) =>
        sendPage(request, reply, await named(urlPath, page), status ? await status(request) : 200),
      );
    }
    await crawlerRoutes(existing, {
      clientDir: opts.clientDir,
      publicUrl,
      pagePaths: [...pages.keys()],
      catalogue: rendered?.catalogue,
    });
  });

  app.setNotFoundHandler(async (request, reply) => {
    // `/shop/`, `/SHOP` and `/shop` are one page: send the shopper to the canonical address
    // (paths match case-sensitively, here and in the client's routes: ADR 024).
    const [pathname = '/', query] = request.url.split('?');
    const canonical = pathname.replace(/\/+$/, '').toLowerCase();
    if (answerRendered && pathname.endsWith('.data') && isRenderedRequest(canonical)) {
      return answerRendered(request, reply);
    }
    if (canonical && canonical !== pathname && isPage(canonical)) {
      return reply.redirect(query ? `${canonical}?${query}` : canonical, 301);
    }
    // An API caller gets an answer it can read, not the shop's HTML page.
    if ((request.method !== 'GET' && request.method !== 'HEAD') || pathname.startsWith('/api/')) {
      return reply
        .status(404)
        .send({ error: 'Not Found', message: `No route ${request.method} ${pathname}` });
    }
    return sendPage(request, reply, await named(NOT_FOUND_PAGE, notFound), 404);
  });
}
