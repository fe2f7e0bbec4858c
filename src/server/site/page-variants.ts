import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  inlineScriptHashes,
  inlineStyleHashes,
  shopPagePolicy,
} from '#server/platform/http/content-security-policy.ts';
import { pickEncoding, type Encoding } from '#server/platform/http/accept-encoding.ts';

export interface Variant {
  body: Buffer;
  /** Each encoding is its own representation, so each has its own strong ETag. */
  etag: string;
}

/** A page held in memory in each encoding, with the headers it is sent with. */
export interface Page {
  identity: Variant;
  encoded: Map<Encoding, Variant>;
  encodings: ReadonlySet<Encoding>;
  /** The page's Content-Security-Policy, allowing its own inline scripts by hash (HTML only). */
  policy?: string;
  /** text/html for pages; React Router's `.data` answers are text/x-script. */
  contentType: string;
}

export interface PolicyOptions {
  paymentOrigin: string;
  https: boolean;
  /** The CSS of every component, which React may insert on any page (componentStyleHashes). */
  componentStyles: readonly string[];
}

export const HTML = 'text/html; charset=utf-8';

/** The strong ETag of a body (its encodings add their own suffix). */
const bodyTag = (body: Buffer) =>
  createHash('sha256').update(body).digest('base64url').slice(0, 27);

/**
 * A page's Content-Security-Policy, hashed from the very bytes served, so the policy cannot
 * drift from the page (a server-rendered page's hydration script changes with its data).
 */
export function pagePolicy(html: Buffer, options: PolicyOptions): string {
  const text = html.toString('utf8');
  return shopPagePolicy({
    paymentOrigin: options.paymentOrigin,
    https: options.https,
    scriptHashes: inlineScriptHashes(text),
    styleHashes: [...new Set([...inlineStyleHashes(text), ...options.componentStyles])],
  });
}

/** A page of `body` and the compressed copies given (`.br`, `.gz` of the build), ETags made. */
export function pageOf(
  body: Buffer,
  compressed: ReadonlyMap<Encoding, { body: Buffer; extension: string }>,
  contentType: string,
  policy?: string,
): Page {
  const hash = bodyTag(body);
  const encoded = new Map<Encoding, Variant>();
  for (const [encoding, variant] of compressed) {
    encoded.set(encoding, { body: variant.body, etag: `"${hash}-${variant.extension.slice(1)}"` });
  }
  return {
    identity: { body, etag: `"${hash}"` },
    encoded,
    encodings: new Set(encoded.keys()),
    contentType,
    ...(policy ? { policy } : {}),
  };
}

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * A page rendered at run time, compressed once (off the main thread) for every request that
 * follows until the catalogue changes: brotli 9 and gzip 9, near the build's sizes for a
 * fraction of brotli 11's time, since a search page may be rendered for one visit only.
 */
export async function compressedPage(
  body: Buffer,
  contentType: string,
  policy?: string,
): Promise<Page> {
  const [br, gz] = await Promise.all([
    brotliAsync(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 9,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    }),
    gzipAsync(body, { level: 9 }),
  ]);
  const compressed = new Map<Encoding, { body: Buffer; extension: string }>();
  if (br.length < body.length) compressed.set('br', { body: br, extension: '.br' });
  if (gz.length < body.length) compressed.set('gzip', { body: gz, extension: '.gz' });
  return pageOf(body, compressed, contentType, policy);
}

/**
 * Sends the page in the best encoding the client accepts, with that variant's ETag (which
 * @fastify/etag turns into a 304 where it is registered, for the pages that exist), revalidated
 * on every visit.
 */
export function sendPage(request: FastifyRequest, reply: FastifyReply, page: Page, status: number) {
  const encoding = pickEncoding(request, page.encodings);
  const variant = (encoding && page.encoded.get(encoding)) || page.identity;
  // Caches must keep one copy per encoding, even of the uncompressed bytes.
  reply.header('vary', 'accept-encoding').header('cache-control', 'no-cache');
  // A page answered with another status is another representation: a cached 404 must never be
  // confirmed as the 200 page of the same bytes, nor the other way round.
  reply.header('etag', status === 200 ? variant.etag : variant.etag.replace(/"$/, `-${status}"`));
  if (encoding) reply.header('content-encoding', encoding);
  if (page.policy) reply.header('content-security-policy', page.policy);
  return reply.status(status).header('content-type', page.contentType).send(variant.body);
}
