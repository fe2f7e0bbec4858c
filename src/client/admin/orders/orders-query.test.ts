import { describe, expect, it } from 'vitest';
import { filtersFromSearch, filtersToSearch } from './orders-query.ts';

describe('order list filters in the address', () => {
  it('read back what they wrote, leaving defaults out', () => {
    const filters = {
      status: 'shipped' as const,
      from: '2026-01-01',
      to: '2026-01-31',
      customer: 'ada@',
      page: 3,
    };
    const query = filtersToSearch(filters);
    expect(query.toString()).toBe(
      'status=shipped&from=2026-01-01&to=2026-01-31&customer=ada%40&page=3',
    );
    expect(filtersFromSearch(query)).toEqual(filters);
    expect(filtersToSearch(filtersFromSearch(new URLSearchParams())).toString()).toBe('');
  });

  it('read a malformed query as no filter', () => {
    expect(
      filtersFromSearch(new URLSearchParams('status=lost&from=yesterday&page=-2&customer=%20x%20')),
    ).toEqual({ status: 'all', from: '', to: '', customer: 'x', page: 1 });
  });

  it('leave the page out of the CSV export, which has every page', () => {
    expect(
      filtersToSearch(
        { status: 'unshipped', from: '', to: '', customer: '', page: 4 },
        { withPage: false },
      ).toString(),
    ).toBe('status=unshipped');
  });
});
