import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import fastifyEtag from '@fastify/etag';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  inlineScriptHashes,
  inlineStyleHashes,
  shopPagePolicy,
} from '#server/platform/http/content-security-policy.ts';
import {
  PRECOMPRESSED,
  pickEncoding,
  type Encoding,
} from '#server/platform/http/accept-encoding.ts';
import { disallowedPaths, sitemapXml } from './crawler-files.ts';

/** The prerendered page the server answers unknown paths with (see react-router.config.ts). */
export const NOT_FOUND_PAGE = '/404';

interface Variant {
  body: Buffer;
  /** Each encoding is its own representation, so each has its own strong ETag. */
  etag: string;
}

interface Page {
  identity: Variant;
  encoded: Map<Encoding, Variant>;
  encodings: ReadonlySet<Encoding>;
  /** The page's Content-Security-Policy, allowing its own inline scripts by hash. */
  policy: string;
}

interface PolicyOptions {
  paymentOrigin: string;
  https: boolean;
  /** The CSS of every component, which React may insert on any page (componentStyleHashes). */
  componentStyles: readonly string[];
}

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
    const hash = createHash('sha256').update(html).digest('base64url').slice(0, 27);
    const encoded = new Map<Encoding, Variant>();
    for (const { encoding, extension } of PRECOMPRESSED) {
      const body = await readOptional(`${file}${extension}`);
      if (body) encoded.set(encoding, { body, etag: `"${hash}-${extension.slice(1)}"` });
    }
    pages.set(relative ? `/${relative}` : '/', {
      identity: { body: html, etag: `"${hash}"` },
      encoded,
      encodings: new Set(encoded.keys()),
      // Hashed from the very bytes served, so the policy cannot drift from the page.
      policy: shopPagePolicy({
        paymentOrigin: policy.paymentOrigin,
        https: policy.https,
        scriptHashes: inlineScriptHashes(html.toString('utf8')),
        styleHashes: [
          ...new Set([...inlineStyleHashes(html.toString('utf8')), ...policy.componentStyles]),
        ],
      }),
    });
  }
  return pages;
}

/**
 * Sends the page in the best encoding the client accepts, with that variant's ETag (which
 * @fastify/etag turns into a 304 where it is registered, for the pages that exist).
 */
function sendPage(request: FastifyRequest, reply: FastifyReply, page: Page, status: number) {
  const encoding = pickEncoding(request, page.encodings);
  const variant = (encoding && page.encoded.get(encoding)) || page.identity;
  // Caches must keep one copy per encoding, even of the uncompressed bytes.
  reply.header('vary', 'accept-encoding').header('cache-control', 'no-cache');
  // A page answered with another status is another representation: a cached 404 must never be
  // confirmed as the 200 page of the same bytes, nor the other way round.
  reply.header('etag', status === 200 ? variant.etag : variant.etag.replace(/"$/, `-${status}"`));
  if (encoding) reply.header('content-encoding', encoding);
  return reply
    .status(status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('content-security-policy', page.policy)
    .send(variant.body);
}

/**
 * /robots.txt with the sitemap's address added, and /sitemap.xml: every prerendered page except
 * the not-found page and those robots.txt disallows, at the shop's public address.
 */
async function crawlerRoutes(
  app: FastifyInstance,
  clientDir: string,
  publicUrl: string,
  pagePaths: readonly string[],
) {
  const robots = (await readOptional(path.join(clientDir, 'robots.txt')))?.toString('utf8') ?? '';
  const disallowed = disallowedPaths(robots);
  const listed = pagePaths
    .filter((page) => page !== NOT_FOUND_PAGE)
    .filter((page) => !disallowed.some((prefix) => page.startsWith(prefix)))
    .sort();
  const sitemap = sitemapXml(publicUrl, listed);
  const robotsWithSitemap = `${robots.trimEnd()}\n\nSitemap: ${publicUrl}/sitemap.xml\n`;
  app.get('/robots.txt', (_request, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(robotsWithSitemap),
  );
  app.get('/sitemap.xml', (_request, reply) =>
    reply.type('application/xml; charset=utf-8').header('cache-control', 'no-cache').send(sitemap),
  );
}

/**
 * Serves the prerendered HTML of every page at its path, revalidated on each visit (assets are
 * content-hashed, pages are not), and the not-found page with HTTP 404 for any other path. Pages
 * are compressed once at build and held in memory in each encoding.
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
  },
) {
  const pages = await readPages(opts.clientDir, {
    paymentOrigin: opts.paymentOrigin,
    https: opts.publicUrl.startsWith('https://'),
    componentStyles: await componentStyleHashes(opts.clientDir),
  });
  const notFound = pages.get(NOT_FOUND_PAGE);
  if (!notFound) {
    throw new Error(`No prerendered pages in ${opts.clientDir}: run \`npm run build\` first.`);
  }

  // Pages that exist answer If-None-Match with 304; the not-found page below never does.
  await app.register(async (existing) => {
    await existing.register(fastifyEtag);
    for (const [urlPath, page] of pages) {
      if (urlPath === NOT_FOUND_PAGE) continue;
      const status = opts.pageStatus?.[urlPath];
      existing.get(urlPath, async (request, reply) =>
        sendPage(request, reply, page, status ? await status(request) : 200),
      );
    }
    const publicUrl = opts.publicUrl.replace(/\/+$/, '');
    await crawlerRoutes(existing, opts.clientDir, publicUrl, [...pages.keys()]);
  });

  app.setNotFoundHandler((request, reply) => {
    // `/shop/`, `/SHOP` and `/shop` are one page: send the shopper to the canonical address
    // (paths match case-sensitively, here and in the client's routes: ADR 024).
    const [pathname = '/', query] = request.url.split('?');
    const canonical = pathname.replace(/\/+$/, '').toLowerCase();
    if (
      canonical &&
      canonical !== pathname &&
      pages.has(canonical) &&
      canonical !== NOT_FOUND_PAGE
    ) {
      return reply.redirect(query ? `${canonical}?${query}` : canonical, 301);
    }
    // An API caller gets an answer it can read, not the shop's HTML page.
    if ((request.method !== 'GET' && request.method !== 'HEAD') || pathname.startsWith('/api/')) {
      return reply
        .status(404)
        .send({ error: 'Not Found', message: `No route ${request.method} ${pathname}` });
    }
    return sendPage(request, reply, notFound, 404);
  });
}
