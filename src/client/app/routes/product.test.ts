import { describe, expect, it } from 'vitest';
import type { CatalogueReader } from '#shared/catalogue-model.ts';
import { DEFAULT_SHOP_SETTINGS } from '#shared/shop-settings.ts';
import { testList, testProduct } from '#client/test/products.ts';
import { catalogueLoadContext } from '#client/app/catalogue-context.ts';
import { loader, meta } from './product.tsx';

const brownBrim = testProduct(1);

/** The catalogue as the server's loaders see it, holding Brown Brim only. */
const catalogue = {
  product: (id: number) => Promise.resolve(id === 1 ? brownBrim : undefined),
  collections: () =>
    Promise.resolve([{ id: 1, title: 'Hats', routeName: 'hats', imageUrl: '', items: [] }]),
  search: () => Promise.resolve(testList([brownBrim])),
} as unknown as CatalogueReader;

function load(path: string, params: Record<string, string>) {
  const url = new URL(path, 'https://shop.example');
  // A data request's `request.url` ends in `.data`; `url` is the page's.
  return loader({
    request: new Request(new URL(`${url.pathname}.data${url.search}`, url)),
    url,
    pattern: '',
    params,
    context: catalogueLoadContext(catalogue),
  });
}

/** What the loader answered: its data, or the status (and address) it threw or returned. */
async function answer(path: string, params: Record<string, string>) {
  try {
    const result = await load(path, params);
    if (result instanceof Response)
      return { status: result.status, location: result.headers.get('Location') };
    return { data: result };
  } catch (thrown) {
    return { status: (thrown as { init?: { status?: number } }).init?.status };
  }
}

describe('the product route', () => {
  it('gives the product, its collection title and its absolute canonical address', async () => {
    expect(
      await answer('/shop/hats/1-brown-brim', { collection: 'hats', product: '1-brown-brim' }),
    ).toEqual({
      data: {
        product: brownBrim,
        collectionTitle: 'Hats',
        canonical: 'https://shop.example/shop/hats/1-brown-brim',
        brand: 'CRWN Clothing',
      },
    });
  });

  it('gives the shop’s name as its owner set it, the structured data’s brand (ADR 048)', async () => {
    const url = new URL('https://shop.example/shop/hats/1-brown-brim');
    const data = await loader({
      request: new Request(url),
      url,
      pattern: '',
      params: { collection: 'hats', product: '1-brown-brim' },
      context: catalogueLoadContext(catalogue, {
        ...DEFAULT_SHOP_SETTINGS,
        name: '</script>Hat Hut',
      }),
    });
    expect(data).toMatchObject({ brand: '</script>Hat Hut' });
    const tags = meta({ loaderData: data } as unknown as Parameters<typeof meta>[0]);
    expect(tags).toContainEqual({
      'script:ld+json': expect.objectContaining({
        brand: { '@type': 'Brand', name: '</script>Hat Hut' },
      }) as unknown,
    });
  });

  it('sends other words for the same id to the canonical address for good, query kept', async () => {
    expect(
      await answer('/shop/hats/1-old?ref=mail', { collection: 'hats', product: '1-old' }),
    ).toEqual({ status: 301, location: '/shop/hats/1-brown-brim?ref=mail' });
    expect(await answer('/shop/hats/1', { collection: 'hats', product: '1' })).toEqual({
      status: 301,
      location: '/shop/hats/1-brown-brim',
    });
  });

  it('sends /shop/product/{id} on to the product for now (302)', async () => {
    expect(await answer('/shop/product/1', { id: '1' })).toEqual({
      status: 302,
      location: '/shop/hats/1-brown-brim',
    });
  });

  it('answers 404 for an unknown id, a bad segment or another collection', async () => {
    for (const [path, params] of [
      ['/shop/hats/2-blue-beanie', { collection: 'hats', product: '2-blue-beanie' }],
      ['/shop/hats/brown-brim', { collection: 'hats', product: 'brown-brim' }],
      ['/shop/mens/1-brown-brim', { collection: 'mens', product: '1-brown-brim' }],
      ['/shop/product/0', { id: '0' }],
    ] as const) {
      expect(await answer(path, params), path).toEqual({ status: 404 });
    }
  });
});
