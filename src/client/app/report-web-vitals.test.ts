import { describe, expect, it, vi } from 'vitest';

const loaded = vi.hoisted(() => ({ count: 0 }));
vi.mock('web-vitals', () => {
  loaded.count += 1;
  const measure = (report: (metric: { name: string; value: number }) => void) =>
    report({ name: 'TEST', value: 1 });
  return { onCLS: measure, onFCP: measure, onINP: measure, onLCP: measure, onTTFB: measure };
});

const { reportWebVitals } = await import('./report-web-vitals.ts');

describe('web-vitals report', () => {
  it('loads nothing when no reporter is given', async () => {
    await reportWebVitals();
    expect(loaded.count).toBe(0);
  });

  it('loads web-vitals and reports each metric when a reporter is given', async () => {
    const reporter = vi.fn();
    await reportWebVitals(reporter);
    expect(loaded.count).toBe(1);
    expect(reporter).toHaveBeenCalledTimes(5);
  });
});
