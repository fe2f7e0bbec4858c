import fastifyHelmet from '@fastify/helmet';
import fastifyStatic from '@fastify/static';
import Fastify from 'fastify';
import path from 'node:path';
import type { Config } from './config.ts';
import { prerenderedPages } from './plugins/prerendered-pages.ts';

const ONE_YEAR_MS = 31_536_000_000;
const ONE_DAY_MS = 86_400_000;

/** Builds the shop's server without listening, so tests can call `app.inject()`. */
export async function buildApp(config: Pick<Config, 'CLIENT_DIR' | 'LOG_LEVEL'>) {
  const app = Fastify({ logger: { level: config.LOG_LEVEL } });

  await app.register(fastifyHelmet, {
    // The prerendered pages carry React Router's inline boot scripts; a CSP with their hashes
    // comes with the performance work (issue #5). The other headers apply now.
    contentSecurityPolicy: false,
  });

  // Files the build named by content hash never change: cache them for good.
  await app.register(fastifyStatic, {
    root: path.join(config.CLIENT_DIR, 'assets'),
    prefix: '/assets/',
    wildcard: false,
    index: false,
    immutable: true,
    maxAge: ONE_YEAR_MS,
  });
  // Images are named by what they show, not by content: cached a day, then revalidated.
  await app.register(fastifyStatic, {
    root: path.join(config.CLIENT_DIR, 'images'),
    prefix: '/images/',
    decorateReply: false,
    wildcard: false,
    index: false,
    maxAge: ONE_DAY_MS,
  });
  // Files at the top of the build (favicon and the like); pages are served by the next plugin.
  await app.register(fastifyStatic, {
    root: config.CLIENT_DIR,
    prefix: '/',
    decorateReply: false,
    index: false,
    allowedPath: (pathname) => /^\/[^/]+$/.test(pathname) && !pathname.endsWith('.html'),
    maxAge: ONE_DAY_MS,
  });

  await app.register(prerenderedPages, { clientDir: config.CLIENT_DIR });
  return app;
}
