import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';

/** The prerendered page the server answers unknown paths with (see react-router.config.ts). */
export const NOT_FOUND_PAGE = '/404';

interface Page {
  html: Buffer;
  etag: string;
}

/** Finds every `index.html` the prerender wrote and maps it to its URL path. */
async function readPages(clientDir: string): Promise<Map<string, Page>> {
  const pages = new Map<string, Page>();
  const entries = await readdir(clientDir, { recursive: true, withFileTypes: true });
  for (const entry of entries) {
    if (!entry.isFile() || entry.name !== 'index.html') continue;
    const file = path.join(entry.parentPath, entry.name);
    const relative = path.relative(clientDir, entry.parentPath).split(path.sep).join('/');
    const html = await readFile(file);
    const etag = `"${createHash('sha256').update(html).digest('base64url').slice(0, 27)}"`;
    pages.set(relative ? `/${relative}` : '/', { html, etag });
  }
  return pages;
}

function sendPage(reply: FastifyReply, page: Page, status: number) {
  return reply
    .status(status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'no-cache')
    .header('etag', page.etag)
    .send(page.html);
}

/**
 * Serves the prerendered HTML of every page at its path, revalidated on each visit (assets are
 * content-hashed, pages are not), and the not-found page with HTTP 404 for any other path.
 */
export async function prerenderedPages(app: FastifyInstance, opts: { clientDir: string }) {
  const pages = await readPages(opts.clientDir);
  const notFound = pages.get(NOT_FOUND_PAGE);
  if (!notFound) {
    throw new Error(`No prerendered pages in ${opts.clientDir}: run \`npm run build\` first.`);
  }

  for (const [urlPath, page] of pages) {
    if (urlPath === NOT_FOUND_PAGE) continue;
    app.get(urlPath, (request, reply) => {
      if (request.headers['if-none-match'] === page.etag) {
        return reply.status(304).header('etag', page.etag).send();
      }
      return sendPage(reply, page, 200);
    });
  }

  app.setNotFoundHandler((request, reply) => {
    // `/shop/` and `/shop` are one page: send the shopper to the canonical address.
    const [pathname = '/', query] = request.url.split('?');
    const trimmed = pathname.replace(/\/+$/, '');
    if (trimmed && trimmed !== pathname && pages.has(trimmed) && trimmed !== NOT_FOUND_PAGE) {
      return reply.redirect(query ? `${trimmed}?${query}` : trimmed, 301);
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return reply
        .status(404)
        .send({ error: 'Not Found', message: `No route ${request.method} ${pathname}` });
    }
    return sendPage(reply, notFound, 404);
  });
}
