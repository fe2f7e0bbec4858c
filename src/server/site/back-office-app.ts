import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  PRECOMPRESSED,
  pickEncoding,
  type Encoding,
} from '#server/platform/http/accept-encoding.ts';
import {
  backOfficePagePolicy,
  inlineScriptHashes,
  inlineStyleHashes,
} from '#server/platform/http/content-security-policy.ts';
import { HTML, pageOf } from './page-variants.ts';

/** Where the back office lives, as vite.admin.config.ts builds it (`base`). */
export const BACK_OFFICE_PATH = '/admin';
const ONE_YEAR_MS = 31_536_000_000;

/**
 * The back office's single-page app (issue 14, docs/decisions/044): built apart from the
 * storefront into `adminDir` (vite.admin.config.ts), its hashed files served from
 * /admin/assets/ like the storefront's, and its one index.html for /admin and every path under
 * it, so a reload or a shared link opens the right screen. The page holds no data: anyone may
 * load it, and the API under /api/admin refuses what it asks for without a staff session. It is
 * never cached (a build replaces its file names) nor indexed, and its policy allows nothing
 * inline.
 *
 * Does nothing when the build has no back office (the server tests' fake builds).
 */
export async function backOfficeApp(
  app: FastifyInstance,
  opts: { adminDir: string; https: boolean },
) {
  const indexFile = path.join(opts.adminDir, 'index.html');
  if (!existsSync(indexFile)) return;
  const html = await readFile(indexFile);
  // Its policy has no hashes: an inline script or style in the page would be refused by the
  // browser, so refuse to start instead.
  const text = html.toString('utf8');
  if (inlineScriptHashes(text).length > 0 || inlineStyleHashes(text).length > 0) {
    throw new Error(`${indexFile} has an inline script or style, which its policy refuses.`);
  }
  const compressed = new Map<Encoding, { body: Buffer; extension: string }>();
  for (const { encoding, extension } of PRECOMPRESSED) {
    const file = `${indexFile}${extension}`;
    if (existsSync(file)) compressed.set(encoding, { body: await readFile(file), extension });
  }
  const page = pageOf(html, compressed, HTML, backOfficePagePolicy({ https: opts.https }));

  await app.register(fastifyStatic, {
    root: path.join(opts.adminDir, 'assets'),
    prefix: `${BACK_OFFICE_PATH}/assets/`,
    decorateReply: false,
    wildcard: false,
    index: false,
    immutable: true,
    maxAge: ONE_YEAR_MS,
    preCompressed: true,
  });

  const answer = (request: FastifyRequest, reply: FastifyReply) => {
    // A file the build does not have is not a screen.
    if (request.url.startsWith(`${BACK_OFFICE_PATH}/assets/`)) {
      return reply.status(404).send({ error: 'Not Found', message: 'No such file.' });
    }
    const encoding = pickEncoding(request, page.encodings);
    const variant = (encoding && page.encoded.get(encoding)) || page.identity;
    if (encoding) reply.header('content-encoding', encoding);
    return reply
      .header('vary', 'accept-encoding')
      .header('cache-control', 'no-store')
      .header('x-robots-tag', 'noindex')
      .header('content-security-policy', page.policy)
      .type(page.contentType)
      .send(variant.body);
  };
  app.get(BACK_OFFICE_PATH, answer);
  app.get(`${BACK_OFFICE_PATH}/*`, answer);
}
