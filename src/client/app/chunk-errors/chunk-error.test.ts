import { describe, expect, it } from 'vitest';
import { chunkFailureMessage, chunkNameFromUrl, urlOfFailedImport } from './chunk-error.ts';
import { rememberPendingNavigation, takePendingNavigation } from './failed-navigation.ts';

describe('chunk failures', () => {
  it('names a chunk by its file name without the content hash', () => {
    expect(chunkNameFromUrl('http://shop.test/assets/collection-B1x_9azQ.js')).toBe('collection');
    expect(chunkNameFromUrl('/assets/sign-in-C4qeC6-Q.js?v=1')).toBe('sign-in');
    expect(chunkNameFromUrl('/assets/root-Bi02lj0C.css')).toBe('root');
  });

  it("words the message as the spec's 'Loading chunk {n} failed'", () => {
    expect(chunkFailureMessage({ chunk: 'collection', url: '/a.js', type: 'missing' })).toBe(
      'Loading chunk collection failed.',
    );
  });

  it('finds the URL in Chromium and Firefox failed-import messages', () => {
    expect(
      urlOfFailedImport(
        new TypeError('Failed to fetch dynamically imported module: http://x/assets/a-12345678.js'),
      ),
    ).toBe('http://x/assets/a-12345678.js');
    expect(
      urlOfFailedImport(new TypeError('error loading dynamically imported module: http://x/b.js')),
    ).toBe('http://x/b.js');
    expect(urlOfFailedImport(new Error('boom'))).toBeNull();
    expect(urlOfFailedImport('not an error')).toBeNull();
  });
});

describe('a navigation cut off by a reload', () => {
  it('is remembered once and only for a short while', () => {
    rememberPendingNavigation('/shop/hats');
    expect(takePendingNavigation()).toBe('/shop/hats');
    expect(takePendingNavigation()).toBeNull();

    rememberPendingNavigation('/shop/hats');
    expect(takePendingNavigation(Date.now() + 60_000)).toBeNull();
  });

  it('ignores a tampered note', () => {
    sessionStorage.setItem('crwn:pending-navigation', '{"path":"https://evil.example","at":0}');
    expect(takePendingNavigation()).toBeNull();
    sessionStorage.setItem('crwn:pending-navigation', '{oops');
    expect(takePendingNavigation()).toBeNull();
  });
});
