import { randomBytes } from 'node:crypto';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** `prefix_` and `length` random base62 characters (URL-safe, unguessable). */
export function randomId(prefix: string, length = 32): string {
  // 248 is the largest multiple of 62 below 256: rejecting above it keeps every character equally likely.
  let id = '';
  while (id.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte < 248 && id.length < length) id += ALPHABET[byte % 62];
    }
  }
  return `${prefix}_${id}`;
}
