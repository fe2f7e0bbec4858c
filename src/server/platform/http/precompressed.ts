import type { FastifyReply, FastifyRequest } from 'fastify';
import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { pickEncoding, type Encoding } from './accept-encoding.ts';

/** A text body made at start-up, compressed once in each encoding a browser may ask for. */
export interface PrecompressedBody {
  identity: Buffer;
  encoded: ReadonlyMap<Encoding, Buffer>;
  encodings: ReadonlySet<Encoding>;
  /** The identity bytes' ETag; each encoding's adds its name, as the built pages' do. */
  etag: string;
}

/**
 * `text` with its brotli and gzip forms at their highest settings, as the build compresses the
 * pages (scripts/build/precompress.ts): some 100 ms for a 20 kB script, paid once.
 */
export function precompress(text: string): PrecompressedBody {
  const identity = Buffer.from(text, 'utf8');
  const encoded = new Map<Encoding, Buffer>([
    [
      'br',
      brotliCompressSync(identity, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          [constants.BROTLI_PARAM_SIZE_HINT]: identity.length,
        },
      }),
    ],
    ['gzip', gzipSync(identity, { level: constants.Z_BEST_COMPRESSION })],
  ]);
  const hash = createHash('sha256').update(identity).digest('base64url').slice(0, 27);
  return { identity, encoded, encodings: new Set(encoded.keys()), etag: `"${hash}"` };
}

/**
 * Sends `body` in the best encoding the request accepts (the bytes as they are otherwise), with
 * `Vary: Accept-Encoding` so that a cache keeps one copy per encoding, and that copy's ETag.
 */
export function sendPrecompressed(
  request: FastifyRequest,
  reply: FastifyReply,
  body: PrecompressedBody,
): FastifyReply {
  const encoding = pickEncoding(request, body.encodings);
  const bytes = (encoding && body.encoded.get(encoding)) || body.identity;
  const etag = encoding ? `${body.etag.slice(0, -1)}-${encoding}"` : body.etag;
  reply.header('vary', 'accept-encoding').header('etag', etag);
  // A browser revalidating its copy (these answers are no-cache) gets no body again.
  if (request.headers['if-none-match'] === etag) return reply.status(304).send();
  if (encoding) reply.header('content-encoding', encoding);
  return reply.send(bytes);
}
