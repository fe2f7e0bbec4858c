import { afterEach, describe, expect, it, vi } from 'vitest';

afterEach(() => {
  document.head.querySelector('meta[name=application-name]')?.remove();
  vi.resetModules();
});

/** page-meta.ts as a fresh page load evaluates it. */
const freshPageMeta = () => import('./page-meta.ts');

describe('the shop’s name in titles (ADR 048)', () => {
  it('is the default when the page carries none', async () => {
    const { SHOP_NAME, pageMeta } = await freshPageMeta();
    expect(SHOP_NAME).toBe('CRWN Clothing');
    expect(pageMeta('Checkout', 'Pay.')).toEqual([
      { title: 'Checkout | CRWN Clothing' },
      { name: 'description', content: 'Pay.' },
    ]);
  });

  it('is the one the server wrote into the page, for every title after', async () => {
    const tag = document.createElement('meta');
    tag.name = 'application-name';
    tag.content = '</script><b>x';
    document.head.append(tag);
    const { pageMeta } = await freshPageMeta();
    expect(pageMeta('Shop', 'All.')[0]).toEqual({ title: 'Shop | </script><b>x' });
  });
});
