import { isLine } from '#shared/cart.ts';
import { findItem } from '#shared/catalogue.ts';
import {
  mergeCartLines,
  type CartDocument,
  type CartLineRef,
  type ReplaceCartBody,
} from '#shared/carts.ts';
import { priceOrderLines } from '#shared/orders.ts';
import { inWriteTransaction, type Db } from '#server/platform/database/transaction.ts';
import { cartRepository, type StoredCart } from './cart-repository.ts';

export type ReplaceCartResult = { kind: 'saved' | 'conflict'; cart: CartDocument };

/** The cart as the API shows it: names and prices from the catalogue, never from a browser. */
function toDocument({ lines, version }: StoredCart): CartDocument {
  // Stored lines are items on sale (the repository drops the others), so pricing cannot fail.
  const priced = priceOrderLines(lines, findItem) ?? { lines: [], total: 0 };
  return { version, lines: priced.lines, total: priced.total };
}

const EMPTY: StoredCart = { lines: [], version: 0 };

const sameLines = (a: readonly CartLineRef[], b: readonly CartLineRef[]) =>
  a.length === b.length &&
  a.every((line, index) => {
    const other = b[index];
    return other !== undefined && isLine(line, other) && line.quantity === other.quantity;
  });

/**
 * Each signed-in shopper's cart, kept with their account (ADR 025). Writes are whole carts,
 * checked against the version the browser last saw, so of two devices writing at once one is
 * saved and the other is told (409) and shown the cart as it now is; nothing is half-written.
 */
export function createCartService({ db }: { db: Db }) {
  /** Reads the cart, lets `change` decide, and writes what it returns, in one transaction. */
  const update = (
    userId: string,
    change: (current: StoredCart) => { lines: CartLineRef[] } | { refuse: true },
  ) =>
    inWriteTransaction<ReplaceCartResult>(db, [`cart:${userId}`], async (connection) => {
      const current = (await cartRepository.find(connection, userId)) ?? EMPTY;
      const decided = change(current);
      if ('refuse' in decided) {
        return { commit: false, result: { kind: 'conflict', cart: toDocument(current) } };
      }
      // Writing the same lines again keeps the version: a no-op never conflicts another device.
      if (sameLines(decided.lines, current.lines)) {
        return { commit: false, result: { kind: 'saved', cart: toDocument(current) } };
      }
      const next = { lines: decided.lines, version: current.version + 1 };
      await cartRepository.save(connection, userId, next.lines, next.version);
      return { commit: true, result: { kind: 'saved', cart: toDocument(next) } };
    });

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
     * one from the answer instead of a 409 in its console (ADR 050).
     */
    replace: (userId: string, { version, lines }: ReplaceCartBody) =>
      update(userId, (current) =>
        current.version === version || sameLines(lines, current.lines)
          ? { lines }
          : { refuse: true },
      ),

    /** Forgets the account's cart (the account is being deleted). */
    remove: (userId: string) => cartRepository.remove(db, userId),

    /** Merges a browser's lines into the account's cart (mergeCartLines) and returns the result. */
    async merge(userId: string, lines: readonly CartLineRef[]): Promise<CartDocument> {
      const { cart } = await update(userId, (current) => ({
        lines: mergeCartLines(current.lines, lines),
      }));
      return cart;
    },
  };
}

export type CartService = ReturnType<typeof createCartService>;
