import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/**
 * Compresses every text answer made per request (API JSON, the card frame, error pages) over
 * 1 KiB, in brotli (quality 4, a fraction of a millisecond for such bodies) or gzip, whichever
 * the request accepts, with `Vary: Accept-Encoding` (issue #11: every text response compressed).
 * Answers that already carry a Content-Encoding (the build's precompressed pages and scripts,
 * checkout.js compressed once at start) pass untouched; pictures are not compressible types;
 * the live event streams write to the raw response and are never buffered.
 *
 * Request bodies are not decompressed: no client of the shop sends them compressed, and a small
 * compressed body could inflate far past the body limits the guards count on.
 *
 * Warning: register it before the routes and the static files, as its hook applies to what is
 * registered after it.
 */
export async function compression(app: FastifyInstance) {
  await app.register(fastifyCompress, {
    globalCompression: true,
    globalDecompression: false,
    encodings: ['br', 'gzip'],
    threshold: 1024,
  });
}
