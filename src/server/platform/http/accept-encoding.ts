import type { FastifyRequest } from 'fastify';

/**
 * The encodings the build writes beside each file (scripts/build/precompress.ts), best first,
 * with the names a client may ask for each by.
 */
export const PRECOMPRESSED = [
  { encoding: 'br', extension: '.br', names: ['br'] },
  { encoding: 'gzip', extension: '.gz', names: ['gzip', 'x-gzip'] },
] as const;

export type Encoding = (typeof PRECOMPRESSED)[number]['encoding'];

/**
 * The best of `available` that the request's Accept-Encoding allows (read by @fastify/accepts),
 * or undefined for the uncompressed bytes. Brotli wins over gzip when both are accepted,
 * whatever their weights: both are lossless, and brotli's file is the smaller one.
 */
export function pickEncoding(
  request: FastifyRequest,
  available: ReadonlySet<Encoding>,
): Encoding | undefined {
  return PRECOMPRESSED.find(
    ({ encoding, names }) =>
      available.has(encoding) && names.some((name) => request.encodings([name]) === name),
  )?.encoding;
}
