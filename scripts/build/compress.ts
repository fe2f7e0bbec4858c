import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/**
 * The compressions made at build time, at their highest settings: the server sends these bytes
 * as they are, so the cost is paid once. zlib's output depends only on the input and these
 * settings, so sizes measured from them are the same on every machine.
 */
export function brotli(content: Buffer): Buffer {
  return brotliCompressSync(content, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
    },
  });
}

export function gzip(content: Buffer): Buffer {
  return gzipSync(content, { level: constants.Z_BEST_COMPRESSION });
}
