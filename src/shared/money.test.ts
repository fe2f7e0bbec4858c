import { describe, expect, it } from 'vitest';
import { dollars, formatMoney } from './money.ts';

describe('money', () => {
  it('keeps dollars as integer cents', () => {
    expect(dollars(25)).toBe(2500);
    expect(dollars(0.1 + 0.2)).toBe(30);
  });

  it('shows whole dollars as the spec does, and real cents when there are some', () => {
    expect(formatMoney(2500)).toBe('$25');
    expect(formatMoney(32_500)).toBe('$325');
    expect(formatMoney(123_400)).toBe('$1,234');
    expect(formatMoney(2550)).toBe('$25.50');
    expect(formatMoney(0)).toBe('$0');
  });

  it('formats as en-US currency does, for every kind of amount', () => {
    const intl = (cents: number) =>
      new Intl.NumberFormat('en-US', {
        style: 'currency',
        currency: 'USD',
        minimumFractionDigits: cents % 100 === 0 ? 0 : 2,
        maximumFractionDigits: cents % 100 === 0 ? 0 : 2,
      }).format(cents / 100);
    for (const cents of [1, 5, 99, 100, 1005, 99_999, 100_000, 123_456_789, 12_345_600, -2550]) {
      expect(formatMoney(cents), String(cents)).toBe(intl(cents));
    }
  });
});
