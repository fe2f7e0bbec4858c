import { describe, expect, it } from 'vitest';
import {
  centsOfDollars,
  dollarsOfCents,
  productFiltersFromSearch,
  productFiltersToSearch,
} from './products-query.ts';

describe('the product list query', () => {
  it('reads its filters from the address and writes them back without the defaults', () => {
    const filters = productFiltersFromSearch(
      new URLSearchParams('q=+brim+&collection=hats&state=archived&stock=low&page=3'),
    );
    expect(filters).toEqual({
      q: 'brim',
      collection: 'hats',
      state: 'archived',
      stock: 'low',
      page: 3,
    });
    expect(productFiltersToSearch(filters).toString()).toBe(
      'q=brim&collection=hats&state=archived&stock=low&page=3',
    );
    const plain = productFiltersFromSearch(new URLSearchParams('state=gone&stock=x&page=-1'));
    expect(plain).toEqual({ q: '', collection: '', state: 'on-sale', stock: '', page: 1 });
    expect(productFiltersToSearch(plain).toString()).toBe('');
  });
});

describe('prices typed in dollars', () => {
  it('become whole cents without float rounding, and back', () => {
    expect(centsOfDollars('42')).toBe(4200);
    expect(centsOfDollars(' 42.5 ')).toBe(4250);
    expect(centsOfDollars('$1,250.99')).toBe(125_099);
    expect(centsOfDollars('0.29')).toBe(29);
    for (const bad of ['', 'abc', '1.234', '-3', '1,25'])
      expect(centsOfDollars(bad)).toBeUndefined();
    expect(dollarsOfCents(4250)).toBe('42.50');
    expect(dollarsOfCents(4200)).toBe('42');
    expect(dollarsOfCents(5)).toBe('0.05');
  });
});
