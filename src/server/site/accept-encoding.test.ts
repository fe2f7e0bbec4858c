import { describe, expect, it } from 'vitest';
import { pickEncoding, type Encoding } from './accept-encoding.ts';

const both = new Set<Encoding>(['br', 'gzip']);

describe('pickEncoding', () => {
  it.each([
    ['gzip, deflate, br, zstd', both, 'br'],
    ['gzip, deflate', both, 'gzip'],
    ['x-gzip', both, 'gzip'],
    ['br;q=0, gzip;q=0.5', both, 'gzip'],
    ['*', both, 'br'],
    ['*;q=0, identity', both, undefined],
    ['identity', both, undefined],
    ['', both, undefined],
    [undefined, both, undefined],
    ['br, gzip', new Set<Encoding>(['gzip']), 'gzip'],
    ['br', new Set<Encoding>(), undefined],
  ] as const)('picks from %j (available %o): %s', (header, available, expected) => {
    expect(pickEncoding(header, available)).toBe(expected);
  });
});
