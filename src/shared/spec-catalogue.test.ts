import { describe, expect, it } from 'vitest';
import {
  COLLECTIONS,
  COLLECTION_IDS,
  SECTIONS,
  findItem,
  isCollectionId,
} from './spec-catalogue.ts';

describe('the starting catalogue', () => {
  it('has the five collections of the spec with their item ids, counts and price ranges', () => {
    const summary = COLLECTION_IDS.map((id) => {
      const { items } = COLLECTIONS[id];
      const prices = items.map((item) => item.price / 100);
      return [
        id,
        items[0]?.id,
        items.at(-1)?.id,
        items.length,
        Math.min(...prices),
        Math.max(...prices),
      ];
    });
    expect(summary).toEqual([
      ['hats', 1, 9, 9, 14, 35],
      ['sneakers', 10, 17, 8, 110, 280],
      ['jackets', 18, 22, 5, 90, 185],
      ['womens', 23, 29, 7, 20, 135],
      ['mens', 30, 35, 6, 20, 325],
    ]);
  });

  it('keys collections by id, with routeName equal to the key', () => {
    for (const id of COLLECTION_IDS) expect(COLLECTIONS[id].routeName).toBe(id);
    expect(COLLECTIONS.hats.id).toBe(1);
    expect(isCollectionId('hats')).toBe(true);
    expect(isCollectionId('toString')).toBe(false);
  });

  it('gives every item its own image served by the shop', () => {
    const urls = COLLECTION_IDS.flatMap((id) => COLLECTIONS[id].items.map((item) => item.imageUrl));
    expect(new Set(urls).size).toBe(35);
    for (const url of urls) expect(url).toMatch(/^\/images\/items\/[a-z0-9-]+$/);
    expect(findItem(32)?.imageUrl).toBe('/images/items/black-white-longsleeve');
  });

  it('orders the directory hats, jackets, sneakers, womens, mens; womens and mens large', () => {
    expect(SECTIONS.map((s) => [s.title, s.linkUrl, s.size])).toEqual([
      ['hats', 'shop/hats', undefined],
      ['jackets', 'shop/jackets', undefined],
      ['sneakers', 'shop/sneakers', undefined],
      ['womens', 'shop/womens', 'large'],
      ['mens', 'shop/mens', 'large'],
    ]);
  });
});
