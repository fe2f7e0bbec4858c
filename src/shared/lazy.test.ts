import { describe, expect, it, vi } from 'vitest';
import { lazy } from './lazy.ts';

describe('lazy', () => {
  it('makes nothing until first asked, then makes the value once', () => {
    const make = vi.fn(() => ({ made: true }));
    const value = lazy(make);
    expect(make).not.toHaveBeenCalled();
    const first = value();
    expect(value()).toBe(first);
    expect(make).toHaveBeenCalledTimes(1);
  });

  it('keeps a falsy value too', () => {
    const make = vi.fn(() => 0);
    const value = lazy(make);
    expect([value(), value()]).toEqual([0, 0]);
    expect(make).toHaveBeenCalledTimes(1);
  });
});
