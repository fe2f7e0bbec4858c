import { isLine, type CartLineRef } from '#shared/cart.ts';
import type { CatalogueReader } from '#shared/catalogue-model.ts';
import { mergeCartLines, type CartDocument, type ReplaceCartBody } from '#shared/carts.ts';
import { priceOrderLines } from '#shared/orders.ts';
import { inWriteTransaction, type Db } from '#server/platform/database/transaction.ts';
import { cartRepository, type StoredCart } from './cart-repository.ts';

export type ReplaceCartResult =
  | { kind: 'saved' | 'conflict'; cart: CartDocument }
  /** A line of a product the catalogue does not sell now: nothing is written. */
  | { kind: 'refused'; message: string };

const EMPTY: StoredCart = { lines: [], version: 0 };

const sameLines = (a: readonly CartLineRef[], b: readonly CartLineRef[]) =>
  a.length === b.length &&
  a.every((line, index) => {
    const other = b[index];
    return other !== undefined && isLine(line, other) && line.quantity === other.quantity;
  });

export interface CartServiceOptions {
  db: Db;
  /** The catalogue as it is now (ADR 034, 053): what lines are priced and checked against. */
  catalogue: Pick<CatalogueReader, 'products'>;
}

/**
 * Each signed-in shopper's cart, kept with their account (ADR 025). Writes are whole carts,
 * checked against the version the browser last saw, so of two devices writing at once one is
 * saved and the other is told (409) and shown the cart as it now is; nothing is half-written.
 * Lines are references (product, size, quantity); names and prices are the catalogue's as it is
 * now, read when the cart is shown (ADR 053), so a price the owner changed shows at once.
 */
export function createCartService({ db, catalogue }: CartServiceOptions) {
  /** The products of `lines` on sale now, by id. */
  const onSale = async (lines: readonly CartLineRef[]) =>
    new Map(
      lines.length === 0
        ? []
        : (await catalogue.products(lines.map((line) => line.id))).map((product) => [
            product.id,
            product,
          ]),
    );

  /**
   * The cart as the API shows it: names and prices from the catalogue as it is now, never from a
   * browser. Lines of products taken off sale since they were added are left out.
   */
  const toDocument = async ({ lines, version }: StoredCart): Promise<CartDocument> => {
    const products = await onSale(lines);
    const kept = lines.filter((line) => products.has(line.id));
    const priced = priceOrderLines(kept, (id) => products.get(id)) ?? { lines: [], total: 0 };
    return { version, lines: priced.lines, total: priced.total };
  };

  /**
   * Reads the cart, lets `change` decide, and writes what it returns, in one transaction. The
   * catalogue is read before and after, never inside: on SQLite the transaction holds the one
   * connection.
   */
  const update = async (
    userId: string,
    change: (current: StoredCart) => { lines: CartLineRef[] } | { refuse: true },
  ): Promise<{ kind: 'saved' | 'conflict'; cart: CartDocument }> => {
    const decided = await inWriteTransaction<{ kind: 'saved' | 'conflict'; cart: StoredCart }>(
      db,
      [`cart:${userId}`],
      async (connection) => {
        const current = (await cartRepository.find(connection, userId)) ?? EMPTY;
        const next = change(current);
        if ('refuse' in next) return { commit: false, result: { kind: 'conflict', cart: current } };
        // Writing the same lines again keeps the version: a no-op never conflicts another device.
        if (sameLines(next.lines, current.lines)) {
          return { commit: false, result: { kind: 'saved', cart: current } };
        }
        const saved = { lines: next.lines, version: current.version + 1 };
        await cartRepository.save(connection, userId, saved.lines, saved.version);
        return { commit: true, result: { kind: 'saved', cart: saved } };
      },
    );
    return { kind: decided.kind, cart: await toDocument(decided.cart) };
  };

  return {
    /** The shopper's cart; an empty one at version 0 when they never had one. */
    async find(userId: string): Promise<CartDocument> {
      return toDocument((await cartRepository.find(db, userId)) ?? EMPTY);
    },

    /**
     * Replaces the cart if it is still at `version`; otherwise changes nothing and returns the
     * cart as it is now (kind 'conflict'). Lines that are the account's already are no conflict
     * at any version: a browser whose earlier write landed unanswered (a page left at once, a
     * keepalive on leaving) sends them again with the version before, and learns the current
     * one from the answer instead of a 409 in its console (ADR 050). A line of a product not on
     * sale now is refused (kind 'refused'), before anything is written.
     */
    async replace(userId: string, { version, lines }: ReplaceCartBody): Promise<ReplaceCartResult> {
      const products = await onSale(lines);
      const unknown = lines.find((line) => !products.has(line.id));
      if (unknown) return { kind: 'refused', message: `Item ${unknown.id} is not on sale.` };
      return update(userId, (current) =>
        current.version === version || sameLines(lines, current.lines)
          ? { lines }
          : { refuse: true },
      );
    },

    /** Forgets the account's cart (the account is being deleted). */
    remove: (userId: string) => cartRepository.remove(db, userId),

    /**
     * Merges a browser's lines into the account's cart (mergeCartLines) and returns the result.
     * The browser's lines of products not on sale now are left out.
     */
    async merge(userId: string, lines: readonly CartLineRef[]): Promise<CartDocument> {
      const products = await onSale(lines);
      const kept = lines.filter((line) => products.has(line.id));
      const { cart } = await update(userId, (current) => ({
        lines: mergeCartLines(current.lines, kept),
      }));
      return cart;
    },
  };
}

export type CartService = ReturnType<typeof createCartService>;
