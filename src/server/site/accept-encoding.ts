/** The encodings the build writes beside each file (scripts/build/precompress.ts), best first. */
export const PRECOMPRESSED = [
  { encoding: 'br', extension: '.br' },
  { encoding: 'gzip', extension: '.gz' },
] as const;

export type Encoding = (typeof PRECOMPRESSED)[number]['encoding'];

/** Each coding the client named with its weight (RFC 9110, section 12.5.3). */
function weights(header: string): Map<string, number> {
  const named = new Map<string, number>();
  for (const part of header.split(',')) {
    const [coding = '', ...params] = part.trim().toLowerCase().split(';');
    if (!coding) continue;
    const q = params.map((param) => param.trim()).find((param) => param.startsWith('q='));
    const weight = q ? Number(q.slice(2)) : 1;
    named.set(coding === 'x-gzip' ? 'gzip' : coding, Number.isFinite(weight) ? weight : 0);
  }
  return named;
}

/**
 * The best of `available` that the Accept-Encoding `header` allows, or undefined for the
 * uncompressed bytes. Brotli wins over gzip when both are accepted, whatever their weights:
 * both are lossless, and brotli's file is the smaller one.
 */
export function pickEncoding(
  header: string | string[] | undefined,
  available: ReadonlySet<Encoding>,
): Encoding | undefined {
  if (!header) return undefined;
  const named = weights(Array.isArray(header) ? header.join(',') : header);
  const wildcard = named.get('*');
  for (const { encoding } of PRECOMPRESSED) {
    const weight = named.get(encoding) ?? wildcard ?? 0;
    if (weight > 0 && available.has(encoding)) return encoding;
  }
  return undefined;
}
