import type {
  AdminCollection,
  AdminProduct,
  CollectionFields,
  ProductFields,
} from '#shared/catalogue-admin.ts';
import { RESERVED_ROUTE_NAMES } from '#shared/catalogue-admin.ts';
import type { SizeStock } from '#shared/catalogue-model.ts';
import { slugify } from '#shared/images.ts';
import { inWriteTransaction, type Db } from '#server/platform/database/transaction.ts';
import {
  catalogueAdminRepository as admin,
  type AdminProductFilter,
} from './catalogue-admin-repository.ts';
import { catalogueRepository, sizesOf } from './catalogue-repository.ts';

/**
 * What a back-office change to the catalogue did: made something, changed it (before and after),
 * found nothing to change, or was refused (bad input, an address another collection has, or
 * nothing of that id).
 */
export type Outcome<T> =
  | { kind: 'created'; after: T }
  | { kind: 'changed'; before: T; after: T }
  | { kind: 'unchanged'; after: T }
  | { kind: 'invalid'; message: string }
  | { kind: 'taken'; message: string }
  | { kind: 'not_found' };

/** A product edit: any of its fields; `stock` sets some sizes' stock and keeps the others'. */
export type ProductPatch = Partial<ProductFields> & { stock?: Readonly<Record<string, number>> };

export type CollectionPatch = Partial<CollectionFields>;

export interface CollectionOrder {
  /** Every collection's id, each once, in the shop overview's order. */
  overview?: readonly number[] | undefined;
  /** Every collection's id, each once, in the home directory's order. */
  directory?: readonly number[] | undefined;
}

const invalid = (message: string) => ({ kind: 'invalid' as const, message });

const KIND_NAMES = { hat: 'A hat', shoe: 'A shoe', clothing: 'Clothing' } as const;

/**
 * The stock of every size of `fields.sizeKind` from `sizes` (a size left out has none), or why
 * not: a size the kind does not have, or one given twice.
 */
function stockOf(
  kind: ProductFields['sizeKind'],
  sizes: readonly SizeStock[],
): { stock: Record<string, number> } | { kind: 'invalid'; message: string } {
  const known = sizesOf(kind);
  const stock: Record<string, number> = {};
  for (const { size, stock: pieces } of sizes) {
    if (!known.includes(size)) {
      return invalid(
        kind
          ? `${KIND_NAMES[kind]} comes in ${known.join(', ')}: there is no size ${size || '(none)'}.`
          : `A one-size product has no size ${size}: give its stock with the size "".`,
      );
    }
    if (size in stock) return invalid(`Size ${size || '(one size)'} is given twice.`);
    stock[size] = pieces;
  }
  return { stock: Object.fromEntries(known.map((size) => [size, stock[size] ?? 0])) };
}

/** What the audit trail and the answer show of a product (its place in a collection is not). */
const shown = ({ position: _position, ...product }: AdminProduct & { position: number }) => product;

/** What a route name may not be, or undefined. */
function routeNameProblem(routeName: string): string | undefined {
  if (RESERVED_ROUTE_NAMES.includes(routeName)) {
    return `/shop/${routeName} is kept for the shop's own pages: choose another address.`;
  }
  return undefined;
}

/**
 * The back office's writes and reads of the catalogue (issue 14, ADR 045). Every write is one
 * transaction that raises the catalogue's version with what it changed (ADR 034), and is then
 * published, so every server's pages, search and sitemap show it within moments and the next
 * order is priced and stocked from it.
 */
export function createCatalogueAdmin({
  db,
  scope,
  publish,
}: {
  db: Db;
  /** The catalogue writers' transaction scope (transaction.ts). */
  scope: string;
  /** Tells every server of the new version, after the commit. */
  publish: (version: number) => Promise<void>;
}) {
  /** Runs `work` in a catalogue transaction; commits (raising the version) only when it says so. */
  async function write<T extends { kind: string }>(
    work: (trx: Db) => Promise<{ result: T; changed?: readonly number[] | 'all' }>,
  ): Promise<T> {
    const outcome = await inWriteTransaction<{ result: T; version?: number }>(
      db,
      [scope],
      async (trx) => {
        const { result, changed } = await work(trx);
        if (!changed) return { commit: false, result: { result } };
        const version = await catalogueRepository.raiseVersion(trx, changed);
        return { commit: true, result: { result, version } };
      },
    );
    if (outcome.version !== undefined) await publish(outcome.version);
    return outcome.result;
  }

  /** The stock to write for `fields`, or why they cannot be written. */
  async function productInput(trx: Db, fields: ProductFields) {
    const collections = await catalogueRepository.collectionIds(trx);
    if (!collections.has(fields.collection)) {
      return invalid(`There is no collection "${fields.collection}".`);
    }
    return stockOf(fields.sizeKind, fields.sizes);
  }

  return {
    listProducts: (filter: AdminProductFilter) => admin.listProducts(db, filter),

    async product(id: number): Promise<AdminProduct | undefined> {
      const found = await admin.product(db, id);
      return found && shown(found);
    },

    /** A new product, first in its collection, on sale at once. */
    createProduct(fields: ProductFields) {
      return write<Outcome<AdminProduct>>(async (trx) => {
        const input = await productInput(trx, fields);
        if ('kind' in input) return { result: input };
        const id = await admin.nextProductId(trx);
        await catalogueRepository.upsertProducts(trx, [
          {
            ...fields,
            id,
            stock: input.stock,
            position: await admin.topPosition(trx, fields.collection),
            createdAt: new Date().toISOString(),
          },
        ]);
        const product = await admin.product(trx, id);
        if (!product) throw new Error(`product ${id} was not written`);
        return { result: { kind: 'created', after: shown(product) }, changed: [id] };
      });
    },

    /**
     * Changes any of a product's fields, archived or not (it stays as it was). A product moved
     * to another collection shows first there. Nothing is written when nothing changes.
     */
    updateProduct(id: number, patch: ProductPatch) {
      return write<Outcome<AdminProduct>>(async (trx) => {
        const found = await admin.product(trx, id);
        if (!found) return { result: { kind: 'not_found' } };
        const before = shown(found);
        const unknown = Object.keys(patch.stock ?? {}).find(
          (size) => !before.sizes.some((known) => known.size === size),
        );
        if (unknown !== undefined) {
          return { result: invalid(`This product has no size ${unknown || '(one size)'}.`) };
        }
        const sizeKind = patch.sizeKind === undefined ? before.sizeKind : patch.sizeKind;
        const sizes =
          patch.sizes ??
          before.sizes
            // Sizes the new kind shares with the old keep their stock.
            .filter(({ size }) => sizesOf(sizeKind).includes(size))
            .map(({ size, stock }) => ({ size, stock: patch.stock?.[size] ?? stock }));
        const fields: ProductFields = {
          name: patch.name ?? before.name,
          description: patch.description ?? before.description,
          price: patch.price ?? before.price,
          collection: patch.collection ?? before.collection,
          imageUrl: patch.imageUrl ?? before.imageUrl,
          colour: patch.colour ?? before.colour,
          sizeKind,
          sizes,
        };
        const input = await productInput(trx, fields);
        if ('kind' in input) return { result: input };
        const moved = fields.collection !== before.collection;
        await catalogueRepository.upsertProducts(trx, [
          {
            ...fields,
            id,
            stock: input.stock,
            position: moved ? await admin.topPosition(trx, fields.collection) : found.position,
            createdAt: before.createdAt,
          },
        ]);
        // Writing a product puts it on sale; an archived one stays archived.
        if (before.archived) await admin.setArchived(trx, id, 1);
        const after = await admin.product(trx, id);
        if (!after) throw new Error(`product ${id} vanished`);
        if (JSON.stringify(shown(after)) === JSON.stringify(before)) {
          return { result: { kind: 'unchanged', after: before } };
        }
        return { result: { kind: 'changed', before, after: shown(after) }, changed: [id] };
      });
    },

    /** Takes a product off sale (orders keep naming it), or puts it back. */
    setArchived(id: number, archived: boolean) {
      return write<Outcome<AdminProduct>>(async (trx) => {
        const found = await admin.product(trx, id);
        if (!found) return { result: { kind: 'not_found' } };
        if (!(await admin.setArchived(trx, id, archived ? 1 : 0))) {
          return { result: { kind: 'unchanged', after: shown(found) } };
        }
        const before = shown(found);
        return {
          result: { kind: 'changed', before, after: { ...before, archived } },
          changed: [id],
        };
      });
    },

    collections: (): Promise<AdminCollection[]> => admin.collections(db),

    /**
     * A new collection, last in the shop overview and in the home directory. Its address is
     * `routeName`, or its title's words (`Summer Hats` -> `summer-hats`); its tile's picture is
     * `imageUrl`, or the first tile's until one is chosen.
     */
    createCollection(fields: Partial<CollectionFields> & { title: string }) {
      return write<Outcome<AdminCollection>>(async (trx) => {
        const routeName = fields.routeName ?? slugify(fields.title);
        if (!routeName) {
          return { result: invalid('Give the collection an address of letters or digits.') };
        }
        const problem = routeNameProblem(routeName);
        if (problem) return { result: invalid(problem) };
        const existing = await admin.collections(trx);
        const owner = existing.find((collection) => collection.routeName === routeName);
        if (owner) {
          return {
            result: {
              kind: 'taken',
              message: `The collection ${owner.title} is at /shop/${routeName} already.`,
            },
          };
        }
        const firstTile = [...existing].sort((a, b) => a.tilePosition - b.tilePosition)[0];
        const ends = await admin.collectionEnds(trx);
        await admin.insertCollection(trx, {
          id: ends.id,
          routeName,
          title: fields.title,
          imageUrl: fields.imageUrl ?? firstTile?.imageUrl ?? '/images/sections/hats',
          size: fields.size ?? null,
          position: ends.position,
          tilePosition: ends.tilePosition,
        });
        // The address is this collection's own now, whichever collection it once led to.
        await admin.setAlias(trx, routeName, null);
        const collection = (await admin.collections(trx)).find((found) => found.id === ends.id);
        if (!collection) throw new Error(`collection ${ends.id} was not written`);
        return { result: { kind: 'created', after: collection }, changed: 'all' };
      });
    },

    /**
     * Renames a collection, moves it to another address (the old one then answers with a
     * redirect to the new), or changes its tile.
     */
    updateCollection(id: number, patch: CollectionPatch) {
      return write<Outcome<AdminCollection>>(async (trx) => {
        const existing = await admin.collections(trx);
        const before = existing.find((collection) => collection.id === id);
        if (!before) return { result: { kind: 'not_found' } };
        const fields: CollectionFields = {
          title: patch.title ?? before.title,
          routeName: patch.routeName ?? before.routeName,
          imageUrl: patch.imageUrl ?? before.imageUrl,
          size: patch.size === undefined ? before.size : patch.size,
        };
        if (fields.routeName !== before.routeName) {
          const problem = routeNameProblem(fields.routeName);
          if (problem) return { result: invalid(problem) };
          const owner = existing.find((collection) => collection.routeName === fields.routeName);
          if (owner) {
            return {
              result: {
                kind: 'taken',
                message: `The collection ${owner.title} is at /shop/${fields.routeName} already.`,
              },
            };
          }
          await admin.setAlias(trx, before.routeName, id);
          await admin.setAlias(trx, fields.routeName, null);
        }
        const after = { ...before, ...fields };
        if (JSON.stringify(after) === JSON.stringify(before)) {
          return { result: { kind: 'unchanged', after } };
        }
        await admin.updateCollection(trx, id, fields);
        return { result: { kind: 'changed', before, after }, changed: 'all' };
      });
    },

    /** Puts the collections in a new order in the shop overview, the home directory, or both. */
    reorderCollections(order: CollectionOrder) {
      return write<Outcome<{ overview: number[]; directory: number[] }>>(async (trx) => {
        const existing = await admin.collections(trx);
        const ids = existing.map((collection) => collection.id).sort((a, b) => a - b);
        const before = {
          overview: existing.map((collection) => collection.id),
          directory: [...existing]
            .sort((a, b) => a.tilePosition - b.tilePosition || a.id - b.id)
            .map((collection) => collection.id),
        };
        for (const [name, list] of [
          ['shop overview', order.overview],
          ['home directory', order.directory],
        ] as const) {
          if (list && JSON.stringify([...list].sort((a, b) => a - b)) !== JSON.stringify(ids)) {
            return {
              result: invalid(
                `The ${name}'s order must name every collection once: ${ids.join(', ')}.`,
              ),
            };
          }
        }
        const after = {
          overview: [...(order.overview ?? before.overview)],
          directory: [...(order.directory ?? before.directory)],
        };
        if (JSON.stringify(after) === JSON.stringify(before)) {
          return { result: { kind: 'unchanged', after } };
        }
        await admin.setCollectionOrder(trx, after.overview, after.directory);
        return { result: { kind: 'changed', before, after }, changed: 'all' };
      });
    },
  };
}

export type CatalogueAdmin = ReturnType<typeof createCatalogueAdmin>;
