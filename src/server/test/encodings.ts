import { brotliDecompressSync, gunzipSync } from 'node:zlib';

/** A response body as text, decoded from the Content-Encoding the server chose. */
export function decodeBody(body: Buffer, encoding: string | undefined): string {
  if (encoding === 'br') return brotliDecompressSync(body).toString('utf8');
  if (encoding === 'gzip') return gunzipSync(body).toString('utf8');
  return body.toString('utf8');
}
