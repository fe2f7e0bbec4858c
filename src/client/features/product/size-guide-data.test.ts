import { describe, expect, it } from 'vitest';
import { SIZES_BY_KIND, type SizeKind } from '#shared/catalogue-model.ts';
import { SIZE_GUIDES, formatMeasure } from './size-guide-data.ts';

describe('size guides', () => {
  it.each(Object.keys(SIZES_BY_KIND) as SizeKind[])(
    'has a row for every %s size, in order, with a measure per column',
    (kind) => {
      const guide = SIZE_GUIDES[kind];
      expect(guide.rows.map((row) => row.size)).toEqual(SIZES_BY_KIND[kind]);
      for (const row of guide.rows) expect(row.measures).toHaveLength(guide.columns.length);
    },
  );

  it('gives centimetres and inches, ranges and single values', () => {
    expect(formatMeasure([82, 86], 'cm')).toBe('82-86 cm');
    expect(formatMeasure([82, 86], 'in')).toBe('32.3-33.9 in');
    expect(formatMeasure([26], 'in')).toBe('10.2 in');
  });
});
