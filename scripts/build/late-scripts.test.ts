import { describe, expect, it } from 'vitest';
import { dropModulePreloads } from './late-scripts.ts';

describe('dropModulePreloads', () => {
  it('drops every module-preload link and keeps everything else', () => {
    const page =
      '<head><meta charSet="utf-8"/><link rel="modulepreload" href="/assets/manifest-1.js"/>' +
      '<link rel="icon" href="/favicon.svg" type="image/svg+xml"/>' +
      '<link rel="modulepreload" href="/assets/framework-BB97FTNu.js"/></head>' +
      '<body><script type="module" async="">import "/assets/root-1.js";</script></body>';
    const { html, dropped } = dropModulePreloads(page);
    expect(dropped).toBe(2);
    expect(html).toBe(
      '<head><meta charSet="utf-8"/><link rel="icon" href="/favicon.svg" type="image/svg+xml"/>' +
        '</head><body><script type="module" async="">import "/assets/root-1.js";</script></body>',
    );
  });

  it('leaves a page without preloads as it is', () => {
    const page = '<head><link rel="stylesheet" href="/a.css"/></head>';
    expect(dropModulePreloads(page)).toEqual({ html: page, dropped: 0 });
  });
});
