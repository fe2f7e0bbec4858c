/** The part of Web Crypto a random UUID needs; `randomUUID` exists only in secure contexts. */
export interface UuidSource {
  randomUUID?: () => string;
  getRandomValues(array: Uint8Array<ArrayBuffer>): Uint8Array<ArrayBuffer>;
}

/**
 * A random (version 4) UUID. Browsers offer `crypto.randomUUID()` only in a secure context
 * (https or localhost), so on a plain-http address such as a LAN one it is missing and Pay Now
 * would throw; `crypto.getRandomValues()` is available everywhere and gives the same 122 random
 * bits (issue #9, item 10).
 */
export function randomUuid(
  // Shared code is typed without DOM or Node, which each declare `crypto`; both have these.
  source: UuidSource = (globalThis as unknown as { crypto: UuidSource }).crypto,
): string {
  if (typeof source.randomUUID === 'function') return source.randomUUID();
  const bytes = source.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40; // version 4
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80; // RFC 9562 variant
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
