import type { Page } from '@playwright/test';
import { CATALOGUE, COLLECTION_IDS } from './support/catalogue.ts';
import { IMAGES_BUILT, loadAllImages, visit } from './support/shop.ts';
import { expect, test } from './support/test.ts';

interface ImageFacts {
  src: string;
  width: string | null;
  height: string | null;
  loading: string | null;
  belowFold: boolean;
}

/** What a page's images declare, and where each sits when the page opens. */
const imageFacts = (page: Page): Promise<ImageFacts[]> =>
  page.locator('main img').evaluateAll((images) =>
    images.map((element) => {
      const image = element as HTMLImageElement;
      return {
        src: image.getAttribute('src') ?? '',
        width: image.getAttribute('width'),
        height: image.getAttribute('height'),
        loading: image.getAttribute('loading'),
        belowFold: image.getBoundingClientRect().top >= window.innerHeight,
      };
    }),
  );

const PAGES = [
  { url: '/', images: 5 },
  { url: '/shop', images: COLLECTION_IDS.length * 4 },
  ...COLLECTION_IDS.map((id) => ({ url: `/shop/${id}`, images: CATALOGUE[id].length })),
];

for (const { url, images } of PAGES) {
  test(`images on ${url} reserve their space, load lazily below the fold, and all load`, async ({
    page,
  }) => {
    await visit(page, url);
    const facts = await imageFacts(page);
    expect(facts).toHaveLength(images);
    for (const image of facts) {
      expect(Number(image.width), `width of ${image.src}`).toBeGreaterThan(0);
      expect(Number(image.height), `height of ${image.src}`).toBeGreaterThan(0);
      if (image.belowFold) expect(image.loading, `loading of ${image.src}`).toBe('lazy');
    }
    // The overview is long enough that the check above is never vacuous there.
    if (url === '/shop') expect(facts.filter((image) => image.belowFold).length).toBeGreaterThan(8);

    if (!IMAGES_BUILT) {
      test.skip(true, 'public/images does not exist yet: run `npm run images`');
      return;
    }
    await loadAllImages(page);
    const broken = await page
      .locator('main img')
      .evaluateAll((list) =>
        list
          .filter((image) => (image as HTMLImageElement).naturalWidth === 0)
          .map((image) => (image as HTMLImageElement).currentSrc),
      );
    expect(broken, 'images that did not load').toEqual([]);
  });
}

test.describe('each screen gets the picture width its layout shows', () => {
  for (const screen of [
    { name: 'a phone', viewport: { width: 412, height: 823 }, scale: 1.75, item: 320, tile: 960 },
    { name: 'a laptop', viewport: { width: 1280, height: 800 }, scale: 1, item: 320, tile: 640 },
  ]) {
    test(`${screen.name}: items ${screen.item} px, tiles ${screen.tile} px`, async ({
      browser,
    }) => {
      const context = await browser.newContext({
        viewport: screen.viewport,
        deviceScaleFactor: screen.scale,
      });
      const page = await context.newPage();
      const firstImage = async () =>
        page
          .locator('main img')
          .first()
          .evaluate(async (image: HTMLImageElement) => {
            await image.decode().catch(() => {});
            return image.currentSrc;
          });
      await page.goto('/shop/hats');
      expect(await firstImage()).toMatch(new RegExp(`-${screen.item}\\.\\w+$`));
      await page.goto('/');
      expect(await firstImage()).toMatch(new RegExp(`-${screen.tile}\\.\\w+$`));
      await context.close();
    });
  }
});
