import { parse as parseCsv } from 'csv-parse/sync';
import { SIZES_BY_KIND, type SizeKind } from '#shared/catalogue-model.ts';
import { z } from '#shared/zod.ts';
import type { CollectionInput, ProductInput } from './catalogue-repository.ts';
import type { CatalogueService } from './catalogue-service.ts';

/** One reason a row of an import file was refused: where, which field, why. */
export interface ImportProblem {
  /** `line 5` (CSV, the file's line) or `products[3]` (JSON, from 0), with the id when known. */
  row: string;
  field: string;
  message: string;
}

export class ImportError extends Error {
  readonly problems: ImportProblem[];

  constructor(problems: ImportProblem[]) {
    super(
      `${problems.length} problem${problems.length === 1 ? '' : 's'} in the file; nothing was imported:\n` +
        problems.map(formatProblem).join('\n'),
    );
    this.problems = problems;
    this.name = 'ImportError';
  }
}

export const formatProblem = ({ row, field, message }: ImportProblem) =>
  `  ${row}, ${field}: ${message}`;

/** Most rows one file may hold, far above a shop's catalogue and below a mistake. */
export const MAX_IMPORT_ROWS = 100_000;

const trimmed = (max: number) => z.string().trim().max(max, `at most ${max} characters`);

const routeName = z
  .string()
  .trim()
  .regex(
    /^[a-z0-9][a-z0-9-]{0,63}$/,
    'lower-case letters, digits and hyphens, as in the address /shop/{collection}',
  );

/** A picture served by the shop itself: a base path the build wrote `-{width}.{format}` files for. */
const imagePath = z
  .string()
  .trim()
  .regex(
    /^\/(?!\/)[A-Za-z0-9/_.-]{1,200}$/,
    'a path on this shop, such as /images/items/brown-brim (no other host)',
  );

/**
 * Whole or decimal dollars, `25`, `25.5` or `25.50` (as text or a number), to integer cents,
 * read as text so no float rounding reaches a price.
 */
const dollars = z
  .union([z.string(), z.number()])
  .transform((value) => String(value).trim())
  .pipe(
    z
      .string()
      .regex(/^[0-9]{1,6}(?:\.[0-9]{1,2})?$/, 'dollars such as 25 or 19.99, from 0 to 999999.99'),
  )
  .transform((text) => {
    const [whole = '0', cents = ''] = text.split('.');
    return Number(whole) * 100 + Number(cents.padEnd(2, '0'));
  });

const id = z.coerce
  .number({ message: 'a whole number from 1' })
  .int('a whole number from 1')
  .min(1, 'a whole number from 1')
  .max(999_999_999, 'at most 999999999');

const sizeKind = z
  .union([z.enum(['hat', 'shoe', 'clothing']), z.literal(''), z.null()])
  .optional()
  .transform((kind): SizeKind | null => kind || null);

const pieces = z.coerce
  .number({ message: 'a whole number of pieces from 0' })
  .int('a whole number of pieces from 0')
  .min(0, 'a whole number of pieces from 0')
  .max(1_000_000, 'at most 1000000');

const stockBySize = z.record(z.string(), pieces);

/** One number (a one-size product) or a number for each size; either, with its own message. */
const stock = z.unknown().transform((value, context): number | Record<string, number> => {
  const result = (value !== null && typeof value === 'object' ? stockBySize : pieces).safeParse(
    value,
  );
  if (result.success) return result.data;
  for (const issue of result.error.issues) {
    context.addIssue({ code: 'custom', message: issue.message, path: issue.path });
  }
  return z.NEVER;
});

const isoTime = z.iso
  .datetime({ offset: true, message: 'an ISO 8601 time such as 2026-01-31T09:00:00Z' })
  .transform((text) => new Date(text).toISOString());

const collectionSchema = z.strictObject({
  id: id.optional(),
  routeName,
  title: trimmed(80).min(1, 'required'),
  image: imagePath,
  tileSize: z.enum(['large']).nullable().optional(),
  tilePosition: z.number().int().min(1).optional(),
});

const jsonProductSchema = z.strictObject({
  id,
  collection: routeName,
  name: trimmed(120).min(1, 'required'),
  description: trimmed(1000).default(''),
  price: dollars,
  image: imagePath,
  colour: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^[a-z]{1,24}$/, 'one colour word, such as brown or multi'),
  sizeKind,
  stock,
  createdAt: isoTime.optional(),
});

type ParsedProduct = z.output<typeof jsonProductSchema>;
type ParsedCollection = z.output<typeof collectionSchema>;

/** `S=0 M=2 L=14` (or `US 9=3; US 10=0`), or one number for a one-size product. */
function csvStock(text: string): number | Record<string, string> | string {
  const value = text.trim();
  if (/^[0-9]+$/.test(value)) return Number(value);
  const sizes: Record<string, string> = {};
  for (const part of value.split(/[;,]|\s+(?=[A-Za-z])/)) {
    if (!part.trim()) continue;
    const match = /^\s*([^=]+?)\s*=\s*(\S*)\s*$/.exec(part);
    if (!match) return value;
    sizes[match[1] ?? ''] = match[2] ?? '';
  }
  return sizes;
}

/** What a file says, before it is checked against the database. */
interface ParsedFile {
  collections: { where: string; value: ParsedCollection }[];
  products: { where: string; value: ParsedProduct }[];
}

function problemsOf(where: string, error: z.ZodError): ImportProblem[] {
  return error.issues.map((issue) => ({
    row: where,
    field: issue.path.length ? issue.path.join('.') : '(row)',
    message: issue.message,
  }));
}

const rowName = (where: string, value: unknown) => {
  const given = value && typeof value === 'object' && 'id' in value ? value.id : undefined;
  return typeof given === 'number' || (typeof given === 'string' && given.trim())
    ? `${where} (id ${String(given).trim()})`
    : where;
};

function parseJson(text: string, problems: ImportProblem[]): ParsedFile {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    problems.push({ row: 'file', field: '(JSON)', message: (error as Error).message });
    return { collections: [], products: [] };
  }
  const shape = z
    .strictObject({
      collections: z.array(z.unknown()).max(MAX_IMPORT_ROWS).default([]),
      products: z.array(z.unknown()).max(MAX_IMPORT_ROWS),
    })
    .safeParse(data);
  if (!shape.success) {
    problems.push(...problemsOf('file', shape.error));
    return { collections: [], products: [] };
  }
  const parsed: ParsedFile = { collections: [], products: [] };
  shape.data.collections.forEach((row, index) => {
    const where = rowName(`collections[${index}]`, row);
    const result = collectionSchema.safeParse(row);
    if (result.success) parsed.collections.push({ where, value: result.data });
    else problems.push(...problemsOf(where, result.error));
  });
  shape.data.products.forEach((row, index) => {
    const where = rowName(`products[${index}]`, row);
    const result = jsonProductSchema.safeParse(row);
    if (result.success) parsed.products.push({ where, value: result.data });
    else problems.push(...problemsOf(where, result.error));
  });
  return parsed;
}

const CSV_COLUMNS = [
  'id',
  'collection',
  'name',
  'description',
  'price',
  'image',
  'colour',
  'size_kind',
  'stock',
  'created_at',
  'collection_title',
  'collection_image',
  'collection_tile_size',
] as const;
/** The CSV column of each collection field, for naming a problem where the file has it. */
const CSV_COLLECTION_COLUMNS: Record<string, string> = {
  routeName: 'collection',
  title: 'collection_title',
  image: 'collection_image',
  tileSize: 'collection_tile_size',
};
const REQUIRED_CSV_COLUMNS = ['id', 'collection', 'name', 'price', 'image', 'colour', 'stock'];

function parseCsvFile(text: string, problems: ImportProblem[]): ParsedFile {
  let records: { info: { lines: number }; record: Record<string, string> }[];
  try {
    records = parseCsv<{ info: { lines: number }; record: Record<string, string> }>(text, {
      columns: (header: string[]) => header.map((name) => name.trim().toLowerCase()),
      skip_empty_lines: true,
      bom: true,
      info: true,
      to: MAX_IMPORT_ROWS + 1,
    });
  } catch (error) {
    problems.push({ row: 'file', field: '(CSV)', message: (error as Error).message });
    return { collections: [], products: [] };
  }
  const header = records[0] ? Object.keys(records[0].record) : [];
  const unknown = header.filter((name) => !(CSV_COLUMNS as readonly string[]).includes(name));
  const missing = REQUIRED_CSV_COLUMNS.filter((name) => !header.includes(name));
  if (records.length === 0) problems.push({ row: 'file', field: '(CSV)', message: 'no rows' });
  if (records.length > MAX_IMPORT_ROWS) {
    problems.push({ row: 'file', field: '(CSV)', message: `more than ${MAX_IMPORT_ROWS} rows` });
  }
  if (unknown.length || missing.length) {
    problems.push({
      row: 'line 1',
      field: '(header)',
      message: [
        missing.length ? `missing ${missing.join(', ')}` : '',
        unknown.length ? `unknown ${unknown.join(', ')}` : '',
      ]
        .filter(Boolean)
        .join('; '),
    });
    return { collections: [], products: [] };
  }
  const parsed: ParsedFile = { collections: [], products: [] };
  for (const { info, record } of records.slice(0, MAX_IMPORT_ROWS)) {
    const where = rowName(`line ${info.lines}`, record);
    const optional = (name: string) => (record[name]?.trim() ? record[name] : undefined);
    const product = jsonProductSchema.safeParse({
      id: record.id,
      collection: record.collection,
      name: record.name,
      description: record.description ?? '',
      price: record.price,
      image: record.image,
      colour: record.colour,
      sizeKind: record.size_kind ?? '',
      stock: csvStock(record.stock ?? ''),
      createdAt: optional('created_at'),
    });
    if (product.success) parsed.products.push({ where, value: product.data });
    else problems.push(...problemsOf(where, product.error));
    if (optional('collection_title') !== undefined || optional('collection_image') !== undefined) {
      const collection = collectionSchema.safeParse({
        routeName: record.collection,
        title: record.collection_title ?? '',
        image: record.collection_image ?? '',
        tileSize: optional('collection_tile_size') ?? null,
      });
      if (collection.success) parsed.collections.push({ where, value: collection.data });
      else {
        problems.push(
          ...problemsOf(where, collection.error).map((problem) => ({
            ...problem,
            field: CSV_COLLECTION_COLUMNS[problem.field] ?? problem.field,
          })),
        );
      }
    }
  }
  return parsed;
}

/** The file as a whole first, then rows in the file's order (JSON: collections, then products). */
function byPlaceInFile(a: ImportProblem, b: ImportProblem): number {
  const place = ({ row }: ImportProblem) =>
    row === 'file'
      ? -1
      : Number(/[0-9]+/.exec(row)?.[0] ?? 0) + (row.startsWith('products') ? 1e6 : 0);
  return place(a) - place(b);
}

export interface CatalogueFile {
  collections: ParsedCollection[];
  /** Each with `row`, where the file has it, for a problem found later. */
  products: (ParsedProduct & { row: string })[];
}

/**
 * Reads an import file (docs/catalogue-import.md) as JSON or CSV and checks every row, collecting
 * every problem rather than stopping at the first; throws ImportError naming each bad row.
 * Checks that need the database (a collection named but not defined) come in importCatalogue.
 */
export function parseCatalogueFile(text: string, format: 'json' | 'csv'): CatalogueFile {
  const problems: ImportProblem[] = [];
  const parsed = format === 'json' ? parseJson(text, problems) : parseCsvFile(text, problems);
  const seenProducts = new Map<number, string>();
  for (const { where, value } of parsed.products) {
    const first = seenProducts.get(value.id);
    if (first) problems.push({ row: where, field: 'id', message: `the same id as ${first}` });
    else seenProducts.set(value.id, where);
    const sizes: readonly string[] = value.sizeKind ? SIZES_BY_KIND[value.sizeKind] : [];
    if (typeof value.stock === 'number') {
      if (value.sizeKind) {
        problems.push({
          row: where,
          field: 'stock',
          message: `a ${value.sizeKind} is sold by size: give each of ${sizes.join(', ')} (e.g. ${sizes[0]}=3)`,
        });
      }
    } else if (!value.sizeKind) {
      problems.push({
        row: where,
        field: 'stock',
        message: 'a product without a size kind has one stock number',
      });
    } else {
      const wrong = Object.keys(value.stock).filter((size) => !sizes.includes(size));
      if (wrong.length) {
        problems.push({
          row: where,
          field: 'stock',
          message: `${wrong.join(', ')} ${wrong.length === 1 ? 'is not a size' : 'are not sizes'} of a ${value.sizeKind} (${sizes.join(', ')})`,
        });
      }
    }
  }
  const collections = new Map<string, { where: string; value: ParsedCollection }>();
  for (const entry of parsed.collections) {
    const first = collections.get(entry.value.routeName);
    // A CSV names a collection's title on as many rows as it likes, as long as they agree.
    if (first && format === 'json') {
      problems.push({
        row: entry.where,
        field: 'routeName',
        message: `the same as ${first.where}`,
      });
    } else if (first && JSON.stringify(first.value) !== JSON.stringify(entry.value)) {
      problems.push({
        row: entry.where,
        field: 'collection_title',
        message: `${entry.value.routeName} is described differently on ${first.where}`,
      });
    } else if (!first) collections.set(entry.value.routeName, entry);
  }
  if (problems.length) throw new ImportError(problems.sort(byPlaceInFile));
  return {
    collections: [...collections.values()].map((entry) => entry.value),
    products: parsed.products.map((entry) => ({ ...entry.value, row: entry.where })),
  };
}

export interface ImportSummary {
  collections: number;
  products: number;
  /** Products on sale before that the file left out, taken off sale (`replace`). */
  archived: number;
  version: number;
}

/**
 * Writes a checked file as one change: every collection and product in it, with its stock, or
 * nothing (ImportError when a product names a collection neither the file nor the shop has).
 * Products the file leaves out stay as they are, unless `replace`, which takes them off sale.
 * Collections and products in the file come first, in the file's order; those it leaves out
 * follow in their own. A new product's creation time is the file's `createdAt`, or now; a
 * product already there keeps its own.
 */
export async function importCatalogue(
  catalogue: Pick<CatalogueService, 'change'>,
  file: CatalogueFile,
  { replace = false, now = new Date() }: { replace?: boolean; now?: Date } = {},
): Promise<ImportSummary> {
  const { result, version } = await catalogue.change(async (writer) => {
    const existing = await writer.collectionIds();
    let nextId = Math.max(0, ...existing.values()) + 1;
    const collections = file.collections.map((collection, index): CollectionInput => {
      return {
        id: collection.id ?? existing.get(collection.routeName) ?? nextId++,
        routeName: collection.routeName,
        title: collection.title,
        position: index + 1,
        tilePosition: collection.tilePosition ?? index + 1,
        imageUrl: collection.image,
        size: collection.tileSize ?? null,
      };
    });
    const named = new Set([...existing.keys(), ...collections.map((c) => c.routeName)]);
    const problems = file.products.flatMap((product): ImportProblem[] =>
      named.has(product.collection)
        ? []
        : [
            {
              row: product.row,
              field: 'collection',
              message: `no collection ${product.collection}: define it in the file`,
            },
          ],
    );
    if (problems.length) throw new ImportError(problems);
    // The file's collections and products come first, in its order; the rest follow in theirs.
    await writer.shiftCollections(collections.length);
    await writer.upsertCollections(collections);
    const counts = new Map<string, number>();
    for (const product of file.products) {
      counts.set(product.collection, (counts.get(product.collection) ?? 0) + 1);
    }
    for (const [routeName, count] of counts) await writer.shiftProducts(routeName, count);
    const places = new Map<string, number>();
    const products = file.products.map((product): ProductInput => {
      const position = (places.get(product.collection) ?? 0) + 1;
      places.set(product.collection, position);
      return {
        id: product.id,
        collection: product.collection,
        name: product.name,
        description: product.description,
        price: product.price,
        imageUrl: product.image,
        colour: product.colour,
        sizeKind: product.sizeKind,
        position,
        createdAt: product.createdAt ?? now.toISOString(),
        stock: typeof product.stock === 'number' ? { '': product.stock } : product.stock,
      };
    });
    await writer.upsertProducts(products);
    let archived = 0;
    if (replace) {
      const inFile = new Set(products.map((product) => product.id));
      archived = await writer.archive(
        (await writer.productIdsOnSale()).filter((productId) => !inFile.has(productId)),
      );
    }
    return { collections: collections.length, products: products.length, archived };
  });
  return { ...result, version };
}
