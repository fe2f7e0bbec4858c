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
});
