import { describe, expect, it } from 'vitest';
import { COLLECTIONS, COLLECTION_IDS, SECTIONS, isCollectionId } from '#shared/spec-catalogue.ts';
import { ITEM_IMAGE, SECTION_IMAGE, imageHeight, type ImageKind } from '#shared/images.ts';
import { ITEM_DESIGNS, designForItem } from './item-designs.ts';
import { itemSvg, sectionSvg } from './scenes.ts';
import { SECTION_SCENES } from './section-designs.ts';

const items = COLLECTION_IDS.flatMap((id) => COLLECTIONS[id].items);

/** Checks that every opened tag is closed in order; returns the first problem, or undefined. */
function tagBalanceProblem(svg: string): string | undefined {
  const open: string[] = [];
  for (const match of svg.matchAll(/<(\/?)([a-zA-Z][\w-]*)[^>]*?(\/?)>/g)) {
    const [, closing, name, selfClosing] = match;
    if (!name) continue;
    if (selfClosing) continue;
    if (!closing) open.push(name);
    else if (open.pop() !== name) return `unexpected </${name}>`;
  }
  return open.length > 0 ? `unclosed <${open.join('>, <')}>` : undefined;
}

function expectWellFormed(svg: string, kind: ImageKind, width: number): void {
  expect(svg.startsWith('<svg')).toBe(true);
  expect(svg.endsWith('</svg>')).toBe(true);
  expect(tagBalanceProblem(svg)).toBeUndefined();
  expect(svg).not.toMatch(/NaN|undefined|Infinity/);
  expect(svg).not.toMatch(/<text/);

  const viewBox = /viewBox="0 0 (\d+(?:\.\d+)?) (\d+(?:\.\d+)?)"/.exec(svg);
  expect(viewBox).not.toBeNull();
  const [viewWidth, viewHeight] = [Number(viewBox?.[1]), Number(viewBox?.[2])];
  expect(viewWidth / viewHeight).toBeCloseTo(kind.aspectWidth / kind.aspectHeight, 5);
  expect(svg).toContain(`width="${width}" height="${imageHeight(kind, width)}"`);

  // Every url(#id) reference must point at a definition in the same document.
  const ids = new Set([...svg.matchAll(/ id="([^"]+)"/g)].map((m) => m[1]));
  for (const [, ref] of svg.matchAll(/url\(#([^)]+)\)/g)) expect(ids.has(ref)).toBe(true);
}

describe('item designs', () => {
  it('has a design for every catalogue item, and none for items that do not exist', () => {
    for (const item of items) expect(() => designForItem(item.id, item.name)).not.toThrow();
    const catalogueIds = new Set(items.map((item) => item.id));
    expect([...ITEM_DESIGNS.keys()].filter((id) => !catalogueIds.has(id))).toEqual([]);
    expect(items.map((item) => item.id).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 35 }, (_, i) => i + 1),
    );
  });

  it('names the missing item when a design is absent', () => {
    expect(() => designForItem(999, 'Imaginary Hat')).toThrow(/999 "Imaginary Hat"/);
  });

  it.each(items.map((item) => [item.name, item] as const))(
    'draws a well-formed portrait SVG for %s',
    (_, item) => {
      for (const width of ITEM_IMAGE.widths)
        expectWellFormed(itemSvg(designForItem(item.id, item.name), width), ITEM_IMAGE, width);
    },
  );

  it('gives every item its own picture', () => {
    const svgs = items.map((item) => itemSvg(designForItem(item.id, item.name), 320));
    expect(new Set(svgs).size).toBe(items.length);
  });
});

describe('section tiles', () => {
  it('has a landscape scene for every home page section', () => {
    for (const section of SECTIONS) {
      expect(isCollectionId(section.title)).toBe(true);
      if (!isCollectionId(section.title)) continue;
      const scene = SECTION_SCENES[section.title];
      expect(scene.pieces.length).toBeGreaterThan(1);
      for (const width of SECTION_IMAGE.widths)
        expectWellFormed(sectionSvg(scene, width), SECTION_IMAGE, width);
    }
  });

  it('gives every section its own picture', () => {
    const svgs = SECTIONS.map((section) =>
      isCollectionId(section.title) ? sectionSvg(SECTION_SCENES[section.title], 640) : '',
    );
    expect(new Set(svgs).size).toBe(SECTIONS.length);
  });
});
