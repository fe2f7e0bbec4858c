import { SHOP_PAGES } from './support/shop.ts';
import { expect, test } from './support/test.ts';

// What issue #5 asks of every page that is not a timing: timings are measured by `npm run bench`,
// never asserted here.

const PAGES = SHOP_PAGES.filter((page) => page !== '/account');

for (const url of PAGES) {
  test(`${url} has its own title and a description`, async ({ page }) => {
    await page.goto(url);
    await expect(page).toHaveTitle(/\S+ \| CRWN Clothing$/);
    const description = await page.locator('meta[name="description"]').getAttribute('content');
    expect(description?.length ?? 0).toBeGreaterThan(20);
  });
}

test('page titles differ from page to page', async ({ page }) => {
  const titles = new Set<string>();
  for (const url of PAGES) {
    await page.goto(url);
    titles.add(await page.title());
  }
  expect(titles.size).toBe(PAGES.length);
});

test('collection pages describe their products as schema.org structured data', async ({ page }) => {
  await page.goto('/shop/hats');
  const json = await page.locator('script[type="application/ld+json"]').textContent();
  const data = JSON.parse(json ?? '{}') as {
    '@type': string;
    itemListElement: { item: { '@type': string; name: string; offers: { price: string } } }[];
  };
  expect(data['@type']).toBe('ItemList');
  const names = data.itemListElement.map((entry) => entry.item.name);
  await expect(page.getByRole('main')).toContainText(names[0]!);
  for (const entry of data.itemListElement) {
    expect(entry.item['@type']).toBe('Product');
    expect(entry.item.offers.price).toMatch(/^\d+\.\d\d$/);
  }
});

test('robots.txt is a real robots file, not a page', async ({ request }) => {
  const response = await request.get('/robots.txt');
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toMatch(/^text\/plain/);
  expect(await response.text()).toMatch(/^User-agent: \*$/m);
});

test('scripts arrive compressed at build time and are cached for good', async ({ page }) => {
  const scripts: { url: string; encoding?: string; cache?: string; bytes: number }[] = [];
  page.on('response', async (response) => {
    if (response.request().resourceType() !== 'script') return;
    const headers = response.headers();
    scripts.push({
      url: response.url(),
      encoding: headers['content-encoding'],
      cache: headers['cache-control'],
      bytes: (await response.body()).length,
    });
  });
  const home = await page.goto('/');
  expect(home?.headers()['cache-control']).toBe('no-cache');
  expect(home?.headers()['content-encoding']).toMatch(/^(br|gzip)$/);
  await expect.poll(() => scripts.length).toBeGreaterThan(3);
  for (const script of scripts.filter(({ url }) => url.includes('/assets/'))) {
    expect(script.cache, script.url).toBe('public, max-age=31536000, immutable');
    // The build compresses every script but the tiniest (scripts/build/precompress.ts).
    if (script.bytes > 1024) expect(script.encoding, script.url).toMatch(/^(br|gzip)$/);
  }
});
