import { afterEach, describe, expect, it, vi } from 'vitest';
import { randomUuid } from './random-uuid.ts';

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('randomUuid', () => {
  it('works where crypto.randomUUID is missing (plain http on a LAN address)', () => {
    const { getRandomValues } = globalThis.crypto;
    // A page outside a secure context has getRandomValues but no randomUUID.
    vi.stubGlobal('crypto', { getRandomValues: getRandomValues.bind(globalThis.crypto) });
    expect(globalThis.crypto.randomUUID).toBeUndefined();

    const ids = Array.from({ length: 200 }, () => randomUuid());
    for (const id of ids) expect(id).toMatch(UUID_V4);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('sets the version and variant bits whatever the random bytes are', () => {
    const allOnes = { getRandomValues: (array: Uint8Array<ArrayBuffer>) => array.fill(0xff) };
    const allZeros = { getRandomValues: (array: Uint8Array<ArrayBuffer>) => array.fill(0) };
    expect(randomUuid(allOnes)).toBe('ffffffff-ffff-4fff-bfff-ffffffffffff');
    expect(randomUuid(allZeros)).toBe('00000000-0000-4000-8000-000000000000');
  });

  it('uses crypto.randomUUID where the browser has it', () => {
    expect(randomUuid()).toMatch(UUID_V4);
  });
});
