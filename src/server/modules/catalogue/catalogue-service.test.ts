import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COLLECTION_IDS, COLLECTIONS } from '#shared/spec-catalogue.ts';
import {
  LOW_STOCK_THRESHOLD,
  PAGE_SIZE,
  SIZES_BY_KIND,
  type ListQuery,
  type Product,
} from '#shared/catalogue-model.ts';
import { openPostgresDatabase, type ShopDatabase } from '#server/platform/database/database.ts';
import { migrateToLatest } from '#server/platform/database/migrate.ts';
import { inWriteTransaction } from '#server/platform/database/transaction.ts';
import { openNotifications, type Notifications } from '#server/platform/notifications.ts';
import {
  createPostgresTestDatabase,
  openMigratedTestDatabase,
  TEST_DATABASE,
} from '#server/test/test-database.ts';
import {
  createCatalogueReader,
  createCatalogueService,
  seedCatalogue,
  type CatalogueService,
  type ProductInput,
  type StockLine,
} from './catalogue-service.ts';

const FEATURED: ListQuery = { sort: 'featured', page: 1 };
const silent = { info: () => undefined, warn: () => undefined };
const names = (products: readonly Product[]) => products.map((product) => product.name);

/** Resolves once `check` holds, trying every 20 ms for up to 10 s. */
async function until(check: () => Promise<boolean>) {
  for (let tries = 0; tries < 500; tries += 1) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('gave up waiting');
}

/** A product of the import's shape, in `collection`, with every size plentiful. */
function product(id: number, fields: Partial<ProductInput> = {}): ProductInput {
  return {
    id,
    collection: 'hats',
    name: `Test Hat ${id}`,
    description: 'A hat made for a test.',
    price: 1000,
    imageUrl: '/images/items/brown-brim',
    colour: 'brown',
    sizeKind: 'hat',
    position: id,
    createdAt: '2026-02-01T00:00:00.000Z',
    stock: { S: 10, M: 10, L: 10 },
    ...fields,
  };
}

describe('the seeded catalogue', () => {
  let database: ShopDatabase;
  let service: CatalogueService;

  beforeAll(async () => {
    database = await openMigratedTestDatabase();
    expect(await seedCatalogue(database.db)).toBe(true);
    // A second start (or a second server) seeds nothing.
    expect(await seedCatalogue(database.db)).toBe(false);
    service = createCatalogueService({ db: database.db, checkEveryMs: 0 });
  }, 30_000);

  afterAll(async () => {
    service.close();
    await database.close();
  });

  it("holds exactly the spec's five collections and 35 items, in order, with their prices", async () => {
    const collections = await service.reader.collections();
    expect(collections.map(({ id, routeName, title }) => ({ id, routeName, title }))).toEqual(
      COLLECTION_IDS.map((routeName) => {
        const { id, title } = COLLECTIONS[routeName];
        return { id, routeName, title };
      }),
    );
    for (const collection of collections) {
      const spec = COLLECTIONS[collection.routeName as keyof typeof COLLECTIONS];
      expect(
        collection.items.map(({ id, name, price, imageUrl }) => ({ id, name, price, imageUrl })),
      ).toEqual(spec.items);
    }
    expect(collections.flatMap((collection) => collection.items)).toHaveLength(35);
  });

  it('keeps the home directory: tiles in their own order, womens and mens large', async () => {
    const tiles = (await service.reader.collections())
      .sort((a, b) => (a.tilePosition ?? 0) - (b.tilePosition ?? 0))
      .map((collection) => [collection.routeName, collection.size, collection.imageUrl]);
    expect(tiles).toEqual([
      ['hats', undefined, '/images/sections/hats'],
      ['jackets', undefined, '/images/sections/jackets'],
      ['sneakers', undefined, '/images/sections/sneakers'],
      ['womens', 'large', '/images/sections/womens'],
      ['mens', 'large', '/images/sections/mens'],
    ]);
  });

  it('sizes each garment by its kind, with sold-out, low and plentiful stock', async () => {
    const items = (await service.reader.collections()).flatMap((collection) => collection.items);
    const kindOf = {
      hats: 'hat',
      sneakers: 'shoe',
      jackets: 'clothing',
      womens: 'clothing',
      mens: 'clothing',
    };
    for (const item of items) {
      expect(item.sizeKind).toBe(kindOf[item.collection as keyof typeof kindOf]);
      expect(item.sizes.map((entry) => entry.size)).toEqual(SIZES_BY_KIND[item.sizeKind ?? 'hat']);
      expect(item.description.length).toBeGreaterThan(10);
      expect(item.colour).toMatch(/^[a-z]+$/);
      // Every item can be added to a cart from the overview.
      expect(item.sizes.some((entry) => entry.stock > LOW_STOCK_THRESHOLD)).toBe(true);
    }
    const stocks = items.flatMap((item) => item.sizes.map((entry) => entry.stock));
    const soldOut = stocks.filter((stock) => stock === 0).length;
    const low = stocks.filter((stock) => stock > 0 && stock <= LOW_STOCK_THRESHOLD).length;
    expect(soldOut).toBeGreaterThan(5);
    expect(low).toBeGreaterThan(5);
    expect(soldOut + low).toBeLessThan(stocks.length / 2);
    expect((await service.reader.product(1))?.sizes).toEqual([
      { size: 'S', stock: 0 },
      { size: 'M', stock: 2 },
      { size: 'L', stock: 14 },
    ]);
  });

  it('sorts a collection by price, name and newest, keeping the featured order for ties', async () => {
    const list = async (sort: ListQuery['sort']) =>
      names((await service.reader.collection('hats', { sort, page: 1 }))?.list.products ?? []);
    expect(await list('featured')).toEqual(names(COLLECTIONS.hats.items as Product[]));
    expect(await list('price-asc')).toEqual([
      'Palm Tree Cap',
      'Wolf Cap',
      'Blue Snapback',
      'Blue Beanie',
      'Green Beanie',
      'Red Beanie',
      'Brown Brim',
      'Grey Brim',
      'Brown Cowboy',
    ]);
    expect((await list('price-desc'))[0]).toBe('Brown Cowboy');
    expect(await list('name')).toEqual([...(await list('featured'))].sort());
    expect((await list('newest'))[0]).toBe('Blue Snapback');
  });

  it('filters by size in stock, colour and price range, with facets of the whole collection', async () => {
    const hats = await service.reader.collection('hats', { ...FEATURED, size: 'S' });
    expect(hats?.collection).toMatchObject({ id: 1, routeName: 'hats', title: 'Hats' });
    // Brown Brim is sold out in S.
    expect(names(hats?.list.products ?? [])).not.toContain('Brown Brim');
    for (const item of hats?.list.products ?? []) {
      expect(item.sizes.find((entry) => entry.size === 'S')?.stock).toBeGreaterThan(0);
    }
    expect(hats?.list.facets).toMatchObject({ minPrice: 1400, maxPrice: 3500 });
    expect(hats?.list.facets.sizes).toEqual(['S', 'M', 'L']);
    expect(hats?.list.facets.colours).toEqual(['blue', 'brown', 'green', 'grey', 'multi', 'red']);

    const blue = await service.reader.collection('hats', { ...FEATURED, colour: 'blue' });
    expect(names(blue?.list.products ?? [])).toEqual(['Blue Beanie', 'Blue Snapback']);
    const cheap = await service.reader.collection('hats', {
      ...FEATURED,
      minPrice: 1500,
      maxPrice: 1800,
    });
    expect(names(cheap?.list.products ?? [])).toEqual([
      'Blue Beanie',
      'Green Beanie',
      'Red Beanie',
      'Blue Snapback',
    ]);
    expect(cheap?.list.total).toBe(4);
    expect(await service.reader.collection('socks', FEATURED)).toBeUndefined();
  });

  it('looks products up by id, leaving unknown ids out', async () => {
    expect((await service.reader.product(13))?.name).toBe('Nike White AirForce');
    expect(await service.reader.product(999)).toBeUndefined();
    expect(names(await service.reader.products([35, 1, 999, 1]))).toEqual([
      'Burgundy T-shirt',
      'Brown Brim',
    ]);
  });

  it('finds products whatever the case, the plural or a small typo', async () => {
    const search = async (text: string) =>
      names((await service.reader.search(text, FEATURED)).products);
    expect(await search('BEANIE')).toEqual(
      expect.arrayContaining(['Blue Beanie', 'Green Beanie', 'Red Beanie']),
    );
    expect(await search('beanies')).toEqual(await search('beanie'));
    expect(await search('jackets')).toEqual(expect.arrayContaining(['Blue Jean Jacket']));
    expect(await search('dresses')).toEqual(
      expect.arrayContaining(['Floral Dress', 'Red Dots Dress']),
    );
    expect(await search('hat')).toEqual(await search('hats'));
    expect(await search('hats')).toHaveLength(9);
    expect(await search('snekers')).toEqual(await search('sneakers'));
    expect(await search('sneakers')).toHaveLength(8);
    expect(await search('jaket')).toEqual(
      expect.arrayContaining(['Blue Jean Jacket', 'Grey Jean Jacket']),
    );
    // The name counts most: the beanie named blue before things merely described so.
    expect((await search('blue beanie'))[0]).toBe('Blue Beanie');
    expect(await search('xylophone')).toEqual([]);
  });

  it('sorts, filters and pages search results like a collection', async () => {
    const byPrice = await service.reader.search('beanie', {
      sort: 'price-desc',
      page: 1,
      colour: 'red',
    });
    expect(names(byPrice.products)).toEqual(['Red Beanie']);
    expect(byPrice.facets.colours).toEqual(expect.arrayContaining(['blue', 'green', 'red']));
  });
});

describe('changes to the catalogue', () => {
  let database: ShopDatabase;
  let service: CatalogueService;

  beforeAll(async () => {
    database = await openMigratedTestDatabase();
    await seedCatalogue(database.db);
    service = createCatalogueService({ db: database.db, checkEveryMs: 0 });
  }, 30_000);

  afterAll(async () => {
    service.close();
    await database.close();
  });

  it('raises the version with every change and shows the change', async () => {
    const before = await service.reader.version();
    const { version } = await service.change((writer) =>
      writer.upsertProducts([product(36, { name: 'Velvet Fedora', price: 4200 })]),
    );
    expect(version).toBe(before + 1);
    expect(await service.reader.version()).toBe(version);
    expect(await service.reader.product(36)).toMatchObject({
      name: 'Velvet Fedora',
      price: 4200,
      collection: 'hats',
      sizes: [
        { size: 'S', stock: 10 },
        { size: 'M', stock: 10 },
        { size: 'L', stock: 10 },
      ],
    });
    expect(names((await service.reader.search('fedora', FEATURED)).products)).toEqual([
      'Velvet Fedora',
    ]);
  });

  it('hides archived products everywhere, and brings them back when written again', async () => {
    await service.change((writer) => writer.archive([2]));
    expect(await service.reader.product(2)).toBeUndefined();
    expect(await service.reader.products([2, 3])).toHaveLength(1);
    const hats = (await service.reader.collections()).find((c) => c.routeName === 'hats');
    expect(names(hats?.items ?? [])).not.toContain('Blue Beanie');
    expect(names((await service.reader.search('blue beanie', FEATURED)).products)).not.toContain(
      'Blue Beanie',
    );
    expect(
      names((await service.reader.collection('hats', FEATURED))?.list.products ?? []),
    ).not.toContain('Blue Beanie');
    await service.change((writer) => writer.upsertProducts([product(2, { name: 'Blue Beanie' })]));
    expect((await service.reader.product(2))?.name).toBe('Blue Beanie');
  });

  it('shows a renamed or restocked product everywhere, search included', async () => {
    const search = async (text: string) => (await service.reader.search(text, FEATURED)).products;
    expect(names(await search('green beanie'))[0]).toBe('Green Beanie');
    await service.change((writer) =>
      writer.upsertProducts([product(5, { name: 'Forest Beanie', colour: 'green' })]),
    );
    expect(names(await search('forest'))).toEqual(['Forest Beanie']);
    expect(names(await search('green beanie'))).not.toContain('Green Beanie');
    await service.change((writer) => writer.setStock(5, 'S', 0));
    expect((await search('forest'))[0]?.sizes[0]).toEqual({ size: 'S', stock: 0 });
    const hats = await service.reader.collection('hats', { ...FEATURED, size: 'S' });
    expect(names(hats?.list.products ?? [])).not.toContain('Forest Beanie');
    expect((await service.reader.collections())[0]?.items[4]).toMatchObject({
      name: 'Forest Beanie',
      sizes: [{ size: 'S', stock: 0 }, expect.anything(), expect.anything()],
    });
  });

  it('pages a long collection, PAGE_SIZE at a time', async () => {
    const extra = Array.from({ length: 40 }, (_, index) =>
      product(100 + index, { position: 100 + index }),
    );
    await service.change((writer) => writer.upsertProducts(extra));
    const first = await service.reader.collection('hats', FEATURED);
    const total = first?.list.total ?? 0;
    expect(total).toBeGreaterThan(PAGE_SIZE);
    expect(first?.list.products).toHaveLength(PAGE_SIZE);
    expect(first?.list.pageCount).toBe(Math.ceil(total / PAGE_SIZE));
    const pages = [];
    for (let page = 1; page <= (first?.list.pageCount ?? 0); page += 1) {
      pages.push(await service.reader.collection('hats', { ...FEATURED, page }));
    }
    const ids = pages.flatMap((page) => page?.list.products.map((item) => item.id) ?? []);
    expect(new Set(ids).size).toBe(total);
    expect(pages.at(-1)?.list.products.length).toBe(total - (pages.length - 1) * PAGE_SIZE);
    const beyond = await service.reader.collection('hats', { ...FEATURED, page: 9 });
    expect(beyond?.list).toMatchObject({ products: [], total, page: 9 });
  });

  it('takes stock only where enough is left, and gives it back', async () => {
    // Brown Brim: S sold out, M has 2. The order's transaction commits only when nothing is short.
    const take = (lines: StockLine[]) =>
      inWriteTransaction(database.db, ['order'], async (trx) => {
        const short = await service.takeStock(trx, lines);
        return { commit: short.length === 0, result: short };
      });
    expect(
      await take([
        { productId: 1, size: 'M', quantity: 2 },
        { productId: 1, size: 'S', quantity: 1 },
      ]),
    ).toEqual([{ productId: 1, size: 'S', quantity: 1 }]);
    expect((await service.reader.product(1))?.sizes[1]).toEqual({ size: 'M', stock: 2 });
    expect(await take([{ productId: 1, size: 'M', quantity: 3 }])).toHaveLength(1);
    expect(await take([{ productId: 1, size: 'M', quantity: 2 }])).toEqual([]);
    expect((await service.reader.product(1))?.sizes[1]).toEqual({ size: 'M', stock: 0 });
    await inWriteTransaction(database.db, ['order'], async (trx) => {
      await service.returnStock(trx, [{ productId: 1, size: 'M', quantity: 2 }]);
      return { commit: true, result: undefined };
    });
    expect((await service.reader.product(1))?.sizes[1]).toEqual({ size: 'M', stock: 2 });
  });

  it('sells the last piece once when two orders take it at the same moment', async () => {
    await service.change(async (writer) => {
      await writer.setStock(4, 'L', 1);
      await writer.setStock(3, 'M', 5);
    });
    const take = (key: string) =>
      inWriteTransaction(database.db, [`order:${key}`], async (trx) => {
        // Each order takes another size too, listed in the other order's opposite order.
        const lines =
          key === 'a'
            ? [
                { productId: 4, size: 'L', quantity: 1 },
                { productId: 3, size: 'M', quantity: 1 },
              ]
            : [
                { productId: 3, size: 'M', quantity: 1 },
                { productId: 4, size: 'L', quantity: 1 },
              ];
        const short = await service.takeStock(trx, lines);
        return { commit: short.length === 0, result: short };
      });
    const outcomes = await Promise.all([take('a'), take('b')]);
    expect(outcomes.filter((short) => short.length === 0)).toHaveLength(1);
    expect(outcomes.flat()).toEqual([{ productId: 4, size: 'L', quantity: 1 }]);
    expect((await service.reader.product(4))?.sizes[2]).toEqual({ size: 'L', stock: 0 });
  });

  it('writes nothing of a change that fails', async () => {
    const before = await service.reader.version();
    await expect(
      service.change(async (writer) => {
        await writer.upsertProducts([product(200, { name: 'Never Sold' })]);
        await writer.upsertProducts([product(201, { collection: 'no-such-collection' })]);
      }),
    ).rejects.toThrow(/no-such-collection/);
    expect(await service.reader.version()).toBe(before);
    expect(await service.reader.product(200)).toBeUndefined();
  });
});

describe('two servers on one database', () => {
  let first: ShopDatabase;
  let second: ShopDatabase;
  let drop: () => Promise<void> = () => Promise.resolve();
  let firstNotifications: Notifications;
  let secondNotifications: Notifications;

  beforeAll(async () => {
    if (TEST_DATABASE === 'postgres') {
      const created = await createPostgresTestDatabase();
      drop = created.drop;
      first = await openPostgresDatabase(created.url, { maxConnections: 3 });
      second = await openPostgresDatabase(created.url, { maxConnections: 3 });
      await migrateToLatest(first.db);
    } else {
      // SQLite is one server's database: the second "server" is a second reader in the process.
      first = second = await openMigratedTestDatabase();
    }
    await seedCatalogue(first.db);
    firstNotifications = openNotifications(first, silent);
    secondNotifications = first === second ? firstNotifications : openNotifications(second, silent);
  }, 30_000);

  afterAll(async () => {
    await firstNotifications.close();
    await secondNotifications.close();
    await first.close();
    if (second !== first) await second.close();
    await drop();
  });

  it("a change on one server reaches the other's reader through the notification", async () => {
    const writer = createCatalogueService({ db: first.db, notifications: firstNotifications });
    // It would trust its copy for an hour: only the notification can make it read again.
    const reader = createCatalogueReader(second.db, {
      notifications: secondNotifications,
      checkEveryMs: 3_600_000,
    });
    await secondNotifications.ready();
    expect((await reader.product(1))?.price).toBe(2500);
    const heard: number[] = [];
    reader.onChange((version) => heard.push(version));

    const { version } = await writer.change((w) =>
      w.upsertProducts([product(1, { name: 'Brown Brim', price: 2700 })]),
    );
    await until(async () => (await reader.product(1))?.price === 2700);
    expect(await reader.version()).toBe(version);
    expect(heard).toContain(version);
    writer.close();
    reader.close();
  }, 20_000);

  it('without a notification, a reader sees the change once its copy is checked again', async () => {
    const reader = createCatalogueReader(second.db, { checkEveryMs: 0 });
    const before = await reader.version();
    await createCatalogueService({ db: first.db }).change((w) => w.setStock(3, 'M', 0));
    expect(await reader.version()).toBe(before + 1);
    expect((await reader.product(3))?.sizes[1]).toEqual({ size: 'M', stock: 0 });
    reader.close();
  });
});
