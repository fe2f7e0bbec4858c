import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import path from 'node:path';

const ONE_YEAR_MS = 31_536_000_000;
const ONE_DAY_MS = 86_400_000;

/**
 * The build's files other than pages, each kind cached as long as it can safely be. Scripts, style
 * sheets and other text are sent as the brotli or gzip file the build wrote beside them
 * (scripts/build/precompress.ts), chosen by Accept-Encoding, with `Vary: Accept-Encoding`.
 */
export async function staticFiles(app: FastifyInstance, opts: { clientDir: string }) {
  // Files the build named by content hash never change: cache them for good.
  await app.register(fastifyStatic, {
    root: path.join(opts.clientDir, 'assets'),
    prefix: '/assets/',
    wildcard: false,
    index: false,
    immutable: true,
    maxAge: ONE_YEAR_MS,
    preCompressed: true,
  });
  // Images are named by what they show, not by content: cached a day, then revalidated. They are
  // AVIF, WebP and JPEG, compressed already, so no compressed siblings are looked for.
  await app.register(fastifyStatic, {
    root: path.join(opts.clientDir, 'images'),
    prefix: '/images/',
    decorateReply: false,
    wildcard: false,
    index: false,
    maxAge: ONE_DAY_MS,
  });
  // Files at the top of the build (favicon and the like); pages are served by prerendered-pages.
  await app.register(fastifyStatic, {
    root: opts.clientDir,
    prefix: '/',
    decorateReply: false,
    index: false,
    allowedPath: (pathname) =>
      /^\/[^/]+$/.test(pathname) && !/\.html(?:\.br|\.gz)?$/.test(pathname),
    maxAge: ONE_DAY_MS,
    preCompressed: true,
  });
}
