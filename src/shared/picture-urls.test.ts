import { describe, expect, it } from 'vitest';
import { isPictureBaseUrl, isUploadedPictureUrl } from './picture-urls.ts';

describe('picture base URLs', () => {
  it('are a built picture of the kind or an uploaded one, and nothing else', () => {
    const uploaded = '/images/uploads/0123456789abcdef0123456789abcdef';
    expect(isPictureBaseUrl('/images/items/brown-brim', 'item')).toBe(true);
    expect(isPictureBaseUrl('/images/items/brown-brim', 'section')).toBe(false);
    expect(isPictureBaseUrl('/images/sections/hats', 'section')).toBe(true);
    expect(isPictureBaseUrl(uploaded, 'item')).toBe(true);
    expect(isUploadedPictureUrl(uploaded)).toBe(true);
    for (const url of [
      `${uploaded}-320.jpg`,
      '/images/uploads/0123456789ABCDEF0123456789ABCDEF',
      '/images/uploads/0123',
      'https://evil.example/images/items/x',
      '/images/items/../../api',
      '/images/items/',
      'javascript:alert(1)',
    ]) {
      expect(isPictureBaseUrl(url, 'item'), url).toBe(false);
    }
  });
});
