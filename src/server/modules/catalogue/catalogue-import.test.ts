import { execFile } from 'node:child_process';
import { readFile, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ShopDatabase } from '#server/platform/database/database.ts';
import {
  openMigratedTestDatabase,
  createPostgresTestDatabase,
  TEST_DATABASE,
} from '#server/test/test-database.ts';
import {
  ImportError,
  importCatalogue,
  parseCatalogueFile,
  type ImportProblem,
} from './catalogue-import.ts';
import {
  createCatalogueService,
  seedCatalogue,
  type CatalogueService,
} from './catalogue-service.ts';

const repoRoot = path.resolve(import.meta.dirname, '../../../..');
const example = (name: string) => readFile(path.join(repoRoot, 'docs/examples', name), 'utf8');

let database: ShopDatabase;
let service: CatalogueService;

beforeEach(async () => {
  database = await openMigratedTestDatabase();
  await seedCatalogue(database.db);
  service = createCatalogueService({ db: database.db, checkEveryMs: 0 });
}, 30_000);

afterEach(async () => {
  service.close();
  await database.close();
});

/** The problems a file is refused with. */
function problemsOf(text: string, format: 'json' | 'csv'): ImportProblem[] {
  try {
    parseCatalogueFile(text, format);
  } catch (error) {
    if (error instanceof ImportError) return error.problems;
    throw error;
  }
  throw new Error('the file was accepted');
}

describe.each(['json', 'csv'] as const)('importing the example %s file', (format) => {
  it('changes the products in it, adds the new ones and leaves the others', async () => {
    const file = parseCatalogueFile(await example(`catalogue.${format}`), format);
    const before = await service.reader.version();
    const summary = await importCatalogue(service, file, { now: new Date('2026-11-23T12:00:00Z') });
    expect(summary).toMatchObject({ archived: 0, version: before + 1 });
    const { reader } = service;
    expect(await reader.product(1)).toMatchObject({
      name: 'Brown Brim',
      price: 2750,
      sizes: [
        { size: 'S', stock: 4 },
        { size: 'M', stock: 0 },
        { size: 'L', stock: 9 },
      ],
      // Written again, it keeps when it was made.
      createdAt: '2026-01-01T00:01:00.000Z',
    });
    expect(await reader.product(36)).toMatchObject({
      name: 'Grey Beanie',
      price: 1800,
      colour: 'grey',
      createdAt: '2026-11-20T09:00:00.000Z',
    });
    expect(await reader.product(37)).toMatchObject({
      name: 'Gift Card',
      collection: 'accessories',
      sizeKind: null,
      sizes: [{ size: '', stock: 500 }],
      createdAt: '2026-11-23T12:00:00.000Z',
    });
    const collections = await reader.collections();
    const accessories = collections.find((collection) => collection.routeName === 'accessories');
    expect(accessories).toMatchObject({ title: 'Accessories', size: 'large' });
    // The file's products come first in their collection, the others follow in their order.
    const hats = collections.find((collection) => collection.routeName === 'hats');
    expect(hats?.items.map((item) => item.id)).toEqual([1, 36, 2, 3, 4, 5, 6, 7, 8, 9]);
    // Every other product is as it was.
    expect(collections.flatMap((collection) => collection.items)).toHaveLength(37);
    expect((await reader.product(35))?.price).toBe(2500);
  });
});

describe('a bad file', () => {
  it('names each bad row of a JSON file with its field and reason', () => {
    const text = JSON.stringify({
      collections: [
        { routeName: 'Hats!', title: 'Hats', image: 'https://elsewhere.example/x.jpg' },
      ],
      products: [
        {
          id: 1,
          collection: 'hats',
          name: 'Brown Brim',
          price: '25.99',
          image: '/images/items/brown-brim',
          colour: 'brown',
          sizeKind: 'hat',
          stock: { S: 1, M: 2, L: 3 },
        },
        {
          id: 2,
          collection: 'hats',
          name: '',
          price: '18.999',
          image: '/images/items/blue-beanie',
          colour: 'blue',
          sizeKind: 'hat',
          stock: { S: -1, XL: 3 },
        },
        {
          id: 1,
          collection: 'hats',
          name: 'Again',
          price: 10,
          image: '/images/items/x',
          colour: 'red',
          sizeKind: 'hat',
          stock: 4,
        },
      ],
    });
    const problems = problemsOf(text, 'json');
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ row: 'collections[0]', field: 'routeName' }),
        expect.objectContaining({
          row: 'collections[0]',
          field: 'image',
          message: expect.stringMatching(/no other host/) as unknown,
        }),
        expect.objectContaining({
          row: 'products[1] (id 2)',
          field: 'price',
          message: expect.stringMatching(/dollars/) as unknown,
        }),
        expect.objectContaining({ row: 'products[1] (id 2)', field: 'name' }),
        expect.objectContaining({ row: 'products[1] (id 2)', field: 'stock.S' }),
        expect.objectContaining({
          row: 'products[2] (id 1)',
          field: 'id',
          message: 'the same id as products[0] (id 1)',
        }),
        expect.objectContaining({
          row: 'products[2] (id 1)',
          field: 'stock',
          message: expect.stringMatching(/sold by size/) as unknown,
        }),
      ]),
    );
  });

  it('names each bad line of a CSV file with its field and reason', async () => {
    const lines = (await example('catalogue.csv')).trimEnd().split('\n');
    lines[2] = lines[2]?.replace('18,', 'eighteen,') ?? '';
    lines[4] = lines[4]?.replace('shoe', 'boot').replace('white,', ',') ?? '';
    lines.push(
      '38,hats,Straw Hat,A straw hat.,20,/images/items/brown-brim,tan,hat,S=1 XL=2 M=x,,,,',
    );
    const problems = problemsOf(lines.join('\n'), 'csv');
    expect(problems).toEqual([
      {
        row: 'line 3 (id 36)',
        field: 'price',
        message: expect.stringMatching(/dollars/) as unknown,
      },
      {
        row: 'line 5 (id 13)',
        field: 'colour',
        message: expect.stringMatching(/colour word/) as unknown,
      },
      { row: 'line 5 (id 13)', field: 'sizeKind', message: expect.any(String) as unknown },
      {
        row: 'line 6 (id 38)',
        field: 'stock.M',
        message: expect.stringMatching(/whole number/) as unknown,
      },
    ]);
    const unknownSize = problemsOf(
      `${lines[0]}\n38,hats,Straw Hat,A straw hat.,20,/images/items/brown-brim,tan,hat,S=1 XL=2,,,,`,
      'csv',
    );
    expect(unknownSize).toEqual([
      { row: 'line 2 (id 38)', field: 'stock', message: 'XL is not a size of a hat (S, M, L)' },
    ]);
    expect(problemsOf('id,name\n1,Hat', 'csv')).toEqual([
      expect.objectContaining({
        row: 'line 1',
        field: '(header)',
        message: expect.stringMatching(/missing collection, price/) as unknown,
      }),
    ]);
    expect(problemsOf('{"products": [', 'json')[0]).toMatchObject({ row: 'file', field: '(JSON)' });
  });

  it('writes nothing when a product names a collection nobody defined', async () => {
    const before = await service.reader.version();
    const text = (await example('catalogue.csv')).replace(
      'Accessories,/images/sections/mens,large',
      ',,',
    );
    const error: unknown = await importCatalogue(service, parseCatalogueFile(text, 'csv')).catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(ImportError);
    expect((error as ImportError).problems).toEqual([
      {
        row: 'line 4 (id 37)',
        field: 'collection',
        message: 'no collection accessories: define it in the file',
      },
    ]);
    expect(await service.reader.version()).toBe(before);
    expect((await service.reader.product(1))?.price).toBe(2500);
    expect(await service.reader.product(36)).toBeUndefined();
  });
});

it('with replace, takes every product the file leaves out off sale', async () => {
  const file = parseCatalogueFile(await example('catalogue.json'), 'json');
  const summary = await importCatalogue(service, file, { replace: true });
  expect(summary).toMatchObject({ collections: 2, products: 3, archived: 34 });
  const onSale = (await service.reader.collections()).flatMap((c) => c.items.map((i) => i.id));
  expect(onSale.sort((a, b) => a - b)).toEqual([1, 36, 37]);
  expect(await service.reader.product(13)).toBeUndefined();
});

describe('npm run catalogue:import', () => {
  let workDir: string;
  let env: Record<string, string>;
  let drop = () => Promise.resolve();

  beforeAll(async () => {
    workDir = await mkdtemp(path.join(tmpdir(), 'crwn-import-'));
    if (TEST_DATABASE === 'postgres') {
      const created = await createPostgresTestDatabase();
      drop = created.drop;
      env = { DATABASE_URL: created.url, DATABASE_FILE: '' };
    } else {
      env = { DATABASE_URL: '', DATABASE_FILE: path.join(workDir, 'shop.sqlite') };
    }
  });

  afterAll(async () => {
    await rm(workDir, { recursive: true, force: true });
    await drop();
  });

  /** Runs the command as an owner would, where there is no .env; resolves with its outcome. */
  const run = (...args: string[]) =>
    promisify(execFile)(
      process.execPath,
      [path.join(repoRoot, 'scripts/catalogue/import.ts'), ...args],
      {
        cwd: workDir,
        env: { ...process.env, ...env },
      },
    ).then(
      ({ stdout }) => ({ code: 0, stdout, stderr: '' }),
      (error: { code: number; stdout: string; stderr: string }) => error,
    );

  it('imports a file into the database the shop would open, and refuses a bad one whole', async () => {
    const imported = await run(path.join(repoRoot, 'docs/examples/catalogue.json'));
    expect(imported.stdout).toMatch(/^Imported 2 collections and 3 products from catalogue.json/);
    expect(imported.code).toBe(0);

    const bad = path.join(workDir, 'bad.csv');
    const lines = (await example('catalogue.csv')).trimEnd().split('\n');
    await writeFile(
      bad,
      [...lines, '40,hats,Cheap Hat,,0.001,/images/items/x,red,hat,S=1,,,,'].join('\n'),
    );
    const refused = await run(bad, '--replace');
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/1 problem in the file; nothing was imported/);
    expect(refused.stderr).toMatch(/line 6 \(id 40\), price: dollars/);

    expect((await run()).code).toBe(2);
    expect((await run('catalogue.txt')).code).toBe(2);
  }, 60_000);
});
