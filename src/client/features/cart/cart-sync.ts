import type { UnknownAction } from '@reduxjs/toolkit';
import {
  addItemToCart,
  chooseLineSize,
  clearItemFromCart,
  lineRef,
  removeItemFromCart,
  restoreCartLines,
  type CartItem,
} from '#shared/cart.ts';
import type { CartDocument, CartLineRef } from '#shared/carts.ts';
import type { LateMiddleware, RootState } from '#client/app/store.ts';
import { ApiError, apiRequest } from '#client/lib/api-client.ts';
import { safeLocalStorage, type SyncStorage } from '#client/lib/safe-storage.ts';
import { ACCOUNT_CART_KEY } from './account-cart-key.ts';
import {
  accountCartSynced,
  cartClearedAtSignOut,
  cartEmptied,
  itemAdded,
  itemRemoved,
  lineCleared,
  lineSizeChosen,
} from './cart-slice.ts';

/** Quiet time after the last change before the account's copy is written. */
export const SYNC_DEBOUNCE_MS = 500;
/** The longest wait between attempts while the shop cannot be reached. */
const MAX_RETRY_MS = 30_000;
const CART_PATH = '/api/cart';

/** A change the shopper made to the cart, replayable on another copy of it. */
type Change = (lines: CartItem[]) => CartItem[];

/** The shopper's own changes; everything else (restoring, syncing, the dropdown) is not one. */
function changeOf(action: UnknownAction): Change | undefined {
  if (itemAdded.match(action)) return (lines) => addItemToCart(lines, action.payload);
  if (itemRemoved.match(action)) return (lines) => removeItemFromCart(lines, action.payload);
  if (lineCleared.match(action)) return (lines) => clearItemFromCart(lines, action.payload);
  if (lineSizeChosen.match(action)) {
    const { line, chosen } = action.payload;
    return (lines) => chooseLineSize(lines, line, chosen);
  }
  if (cartEmptied.match(action)) return () => [];
  return undefined;
}

const refsOf = (lines: readonly CartLineRef[]): CartLineRef[] => lines.map(lineRef);

const sameRefs = (a: readonly CartLineRef[], b: readonly CartLineRef[]) =>
  JSON.stringify(refsOf(a)) === JSON.stringify(refsOf(b));

/** Whose account this browser's cart is kept with, and the version last seen (ADR 025). */
interface AccountCart {
  user: string;
  version: number;
}

function readAccountCart(storage: SyncStorage): AccountCart | null {
  try {
    const value = JSON.parse(storage.getItem(ACCOUNT_CART_KEY) ?? 'null') as Partial<AccountCart>;
    return typeof value.user === 'string' && typeof value.version === 'number'
      ? { user: value.user, version: value.version }
      : null;
  } catch {
    return null;
  }
}

export interface CartSyncOptions {
  debounceMs?: number;
  storage?: SyncStorage;
}

/**
 * Keeps a signed-in shopper's cart with their account (issue 10, item 15; ADR 025), as a
 * middleware the store is given once a shopper is known (app-store.ts), so none of this is in the
 * first load. Reducers stay pure: every request is made here.
 *
 * - Signing in (any way, in any tab): this browser's cart is merged into the account's on the
 *   server, and the merged cart replaces this one.
 * - While signed in: each change is written to the account, debounced, with the version last
 *   seen. When another device wrote first (409), the changes made here are replayed on the
 *   account's cart as it now is, and written again. A paid order's empty cart is written at once.
 * - Signing out (here or in another tab), or finding the session gone: the cart in this browser
 *   is emptied; the account's copy stays.
 */
export function cartSync({
  debounceMs = SYNC_DEBOUNCE_MS,
  storage = safeLocalStorage,
}: CartSyncOptions = {}): LateMiddleware {
  return (api) => {
    const stored = readAccountCart(storage);
    /** The account this browser's cart belongs to, or null while it is the visitor's own. */
    let owner: string | null = stored?.user ?? null;
    let version = stored?.version ?? 0;
    /** True until this browser's cart has been merged into the owner's account cart. */
    let mergeFirst = true;
    /** Changes made here that the account's copy has not got yet. */
    let unsent: Change[] = [];
    let sending = false;
    let failures = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;

    const localLines = () => refsOf(api.getState().cart.cartItems);

    const remember = () => {
      if (owner) storage.setItem(ACCOUNT_CART_KEY, JSON.stringify({ user: owner, version }));
      else storage.removeItem(ACCOUNT_CART_KEY);
    };

    /** Takes the account's cart, with the changes made here since the request, as this cart. */
    const adopt = (cart: CartDocument, pending: readonly Change[]) => {
      version = cart.version;
      remember();
      const lines = pending.reduce(
        (result, change) => change(result),
        restoreCartLines(cart.lines),
      );
      if (!sameRefs(lines, localLines())) api.dispatch(accountCartSynced(refsOf(lines)));
    };

    const schedule = (delay: number) => {
      clearTimeout(timer);
      timer = setTimeout(() => void send(), delay);
    };

    /**
     * After a refused or lost write of `user`'s cart: puts `sent` back before the newer changes
     * and says whether to try again. On 409 (another device wrote first) it first takes the
     * account's cart as it is now, with this browser's changes replayed on it.
     */
    const recover = async (user: string, error: unknown, sent: Change[]): Promise<boolean> => {
      const status = error instanceof ApiError ? error.status : 0;
      if (status === 401 || status === 400) {
        // The session is gone (the auth state follows and empties the cart), or the lines were
        // refused: trying again would change nothing.
        unsent = [];
        return false;
      }
      unsent = [...sent, ...unsent];
      if (status === 409) {
        try {
          const cart = await apiRequest<CartDocument>(CART_PATH);
          if (owner === user) adopt(cart, unsent);
          failures = 0;
          return true;
        } catch {
          // Counted as a failure below.
        }
      }
      failures += 1;
      return true;
    };

    const send = async (): Promise<void> => {
      timer = undefined;
      const user = owner;
      if (sending || user === null) return;
      sending = true;
      const sent = unsent;
      unsent = [];
      const lines = localLines();
      let again = false;
      try {
        const cart = mergeFirst
          ? await apiRequest<CartDocument>(`${CART_PATH}/merge`, {
              method: 'POST',
              body: { lines },
            })
          : await apiRequest<CartDocument>(CART_PATH, { method: 'PUT', body: { version, lines } });
        if (owner === user) {
          mergeFirst = false;
          failures = 0;
          adopt(cart, unsent);
        }
      } catch (error) {
        if (owner === user) again = await recover(user, error, sent);
      } finally {
        sending = false;
      }
      // Another shopper signed in while this was out: their merge waited for it.
      if (owner !== user) {
        if (owner !== null) schedule(0);
      } else if (again || unsent.length > 0) {
        schedule(failures === 0 ? 0 : Math.min(1000 * 2 ** failures, MAX_RETRY_MS));
      }
    };

    /** Follows the auth state: a new shopper's cart is merged, a leaving one's is emptied here. */
    const followUser = (state: RootState) => {
      if (!state.user.authResolved) return;
      const now = state.user.currentUser?.id ?? null;
      if (now === owner) return;
      clearTimeout(timer);
      const leaving = owner;
      owner = now;
      version = 0;
      mergeFirst = true;
      unsent = [];
      failures = 0;
      remember();
      if (leaving !== null) api.dispatch(cartClearedAtSignOut());
      if (owner !== null) schedule(0);
    };

    // A cart kept with the signed-in shopper's account in an earlier visit is written back with
    // the version it had then: if the account's copy changed elsewhere since, that copy wins.
    const state = api.getState();
    if (owner !== null && owner === state.user.currentUser?.id) {
      mergeFirst = false;
      schedule(0);
    } else {
      followUser(state);
    }

    // A change made just before the page is left would otherwise wait for a debounce that never
    // comes; the browser still sends a keepalive request after the page is gone.
    window.addEventListener('pagehide', () => {
      if (owner === null || sending || mergeFirst || unsent.length === 0) return;
      void fetch(CART_PATH, {
        method: 'PUT',
        keepalive: true,
        credentials: 'same-origin',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ version, lines: localLines() }),
      }).catch(() => undefined);
    });

    return (next) => (action) => {
      const result = next(action);
      const state = api.getState();
      const change = changeOf(action as UnknownAction);
      if (change && owner !== null && owner === state.user.currentUser?.id) {
        unsent.push(change);
        // A paid order's empty cart goes at once: the shopper may close the page right away.
        schedule(cartEmptied.match(action) ? 0 : debounceMs);
      }
      followUser(state);
      return result;
    };
  };
}
