import { isLine, lineRef, restoreCartLines, type CartLineRef, type LineKey } from '#shared/cart.ts';
import type { CartConflictBody, CartDocument } from '#shared/carts.ts';
import type { LateMiddleware, RootState } from '#client/app/store.ts';
import { ApiError } from '#client/api/api-client.ts';
import { apiRequest } from '#client/lib/api-client.ts';
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
  linesNoLongerAvailable,
} from './cart-slice.ts';

/** Quiet time after the last change before the account's copy is written. */
export const SYNC_DEBOUNCE_MS = 500;
/** The longest wait between attempts while the shop cannot be reached. */
const MAX_RETRY_MS = 30_000;
const CART_PATH = '/api/cart';

/**
 * The changes made in this browser: the shopper's own, and lines leaving because the catalogue
 * no longer sells their product. Everything else (restoring, syncing, the dropdown) is not one.
 */
const SHOPPER_CHANGES = [
  itemAdded,
  itemRemoved,
  lineCleared,
  lineSizeChosen,
  cartEmptied,
  linesNoLongerAvailable,
];

const refsOf = (lines: readonly CartLineRef[]): CartLineRef[] => lines.map(lineRef);

const sameRefs = (a: readonly CartLineRef[], b: readonly CartLineRef[]) =>
  JSON.stringify(refsOf(a)) === JSON.stringify(refsOf(b));

const quantityIn = (lines: readonly CartLineRef[], key: LineKey) =>
  lines.find((line) => isLine(line, key))?.quantity ?? 0;

/**
 * The account's cart `account` with the changes made in this browser kept on it. A line was
 * changed here when its quantity `here` (0: none) differs from every one of `known`, the carts
 * the account may hold from this browser (the one last seen, and writes whose answer never came
 * back, which may have landed): that line takes this browser's quantity, any other line the
 * account's. Comparing carts rather than replaying the actions seen here is what keeps a change
 * made before the sync was loaded or on a page left before its write was answered (replayed
 * actions lost those: an Adidas NMD went from a checkout as a size was chosen), and counts a write
 * that landed unanswered once, not twice. The account's order; a line new here
 * goes before the line that follows it here, so a line whose size was just chosen keeps its place
 * and an added one comes last.
 */
function keepChangesHere(
  known: readonly (readonly CartLineRef[])[],
  here: readonly CartLineRef[],
  account: readonly CartLineRef[],
): CartLineRef[] {
  const changed = (key: LineKey) =>
    known.every((lines) => quantityIn(lines, key) !== quantityIn(here, key));
  const kept = account.map((line) =>
    changed(line) ? { ...line, quantity: quantityIn(here, line) } : line,
  );
  here.forEach((line, index) => {
    if (quantityIn(account, line) > 0 || !changed(line)) return;
    const next = here.slice(index + 1).find((later) => quantityIn(kept, later) > 0);
    kept.splice(next ? kept.findIndex((other) => isLine(other, next)) : kept.length, 0, line);
  });
  return refsOf(kept.filter((line) => line.quantity > 0));
}

/**
 * Whose account this browser's cart is kept with, the version last seen and the account's lines
 * then, and writes sent since whose answer never came (ADR 025, 050).
 */
interface AccountCart {
  user: string;
  version: number;
  /** Absent in notes written before ADR 050: this browser's cart is then taken as the account's. */
  lines?: CartLineRef[];
  unanswered?: CartLineRef[][];
}

const linesOf = (value: unknown): CartLineRef[] => refsOf(restoreCartLines(value));

function readAccountCart(storage: SyncStorage): AccountCart | null {
  try {
    const value = JSON.parse(storage.getItem(ACCOUNT_CART_KEY) ?? 'null') as Partial<AccountCart>;
    if (typeof value.user !== 'string' || typeof value.version !== 'number') return null;
    return {
      user: value.user,
      version: value.version,
      ...(value.lines ? { lines: linesOf(value.lines) } : {}),
      unanswered: Array.isArray(value.unanswered) ? value.unanswered.map(linesOf) : [],
    };
  } catch {
    return null;
  }
}

export interface CartSyncOptions {
  debounceMs?: number;
  storage?: SyncStorage;
}

/**
 * Keeps a signed-in shopper's cart with their account (issue 10, item 15; ADR 025, 050), as a
 * middleware the store is given once a shopper is known (app-store.ts), so none of this is in the
 * first load. Reducers stay pure: every request is made here.
 *
 * - Signing in (any way, in any tab): this browser's cart is merged into the account's on the
 *   server, and the merged cart replaces this one.
 * - While signed in: the cart is written to the account after each change, debounced, with the
 *   version last seen. Every answer that carries the account's cart (saved, or 409 when another
 *   device or an unanswered write of this browser got there first) is taken with the changes
 *   made here kept on it (keepChangesHere), then written again if they are not in it yet. A paid
 *   order's empty cart is written at once.
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
    /** The account's lines at `version`: what the changes made here are told apart from. */
    let seen = stored?.lines ?? [];
    /** Writes sent at `version` whose answer never came: any one of them may have landed. */
    let unanswered = stored?.unanswered ?? [];
    /** True until this browser's cart has been merged into the owner's account cart. */
    let mergeFirst = true;
    /**
     * A paid order emptied the cart and that is not written yet: then the account's cart, even
     * with lines another device added meanwhile, gives way to this one.
     */
    let emptied = false;
    let sending = false;
    let failures = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;

    const localLines = () => refsOf(api.getState().cart.cartItems);

    // Kept in storage, so the next page still tells the changes made here from the account's.
    const remember = () => {
      if (owner) {
        const note: AccountCart = { user: owner, version, lines: seen, unanswered };
        storage.setItem(ACCOUNT_CART_KEY, JSON.stringify(note));
      } else {
        storage.removeItem(ACCOUNT_CART_KEY);
      }
    };

    /** Notes a write about to go out: its answer may never come, though it lands. */
    const sendingLines = (lines: CartLineRef[]) => {
      // A retry of the same lines is one write as far as the account's cart can tell.
      unanswered = [...unanswered.filter((other) => !sameRefs(other, lines)), lines];
      remember();
    };

    /** Takes the account's `cart`, with the changes made here since `known` kept on it. */
    const adopt = (cart: CartDocument, known: readonly (readonly CartLineRef[])[]) => {
      const account = refsOf(cart.lines);
      const lines = emptied ? localLines() : keepChangesHere(known, localLines(), account);
      version = cart.version;
      seen = account;
      // Sent at an older version, they can no longer land.
      unanswered = [];
      remember();
      if (!sameRefs(lines, localLines())) api.dispatch(accountCartSynced(lines));
    };

    const schedule = (delay: number) => {
      clearTimeout(timer);
      timer = setTimeout(() => void send(), delay);
    };

    /**
     * After a refused or lost write: says whether to try again. On 409 the answer carries the
     * account's cart as it is now, taken with this browser's changes kept on it.
     */
    const recover = (error: unknown, refused: CartLineRef[]): boolean => {
      const status = error instanceof ApiError ? error.status : 0;
      // The session is gone (the auth state follows and empties the cart), or the lines were
      // refused: trying again would change nothing.
      if (status === 401 || status === 400) return false;
      const conflict = status === 409 && error instanceof ApiError ? error.body : undefined;
      const cart = (conflict as Partial<CartConflictBody> | null | undefined)?.cart;
      if (cart) {
        const account = refsOf(cart.lines);
        const mayHaveLanded = unanswered.filter((lines) => lines !== refused);
        // The account holding exactly a write of ours means it landed, unanswered, and nothing
        // came after it: only what changed here since counts.
        const landed = mayHaveLanded.find((lines) => sameRefs(lines, account));
        adopt(cart, landed ? [landed] : [seen, ...mayHaveLanded]);
        failures = 0;
      } else {
        failures += 1;
      }
      return true;
    };

    const send = async (): Promise<void> => {
      timer = undefined;
      const user = owner;
      if (sending || user === null) return;
      sending = true;
      const lines = localLines();
      const emptying = emptied;
      let again = false;
      try {
        let cart: CartDocument;
        if (mergeFirst) {
          cart = await apiRequest(`${CART_PATH}/merge`, { method: 'POST', body: { lines } });
        } else {
          sendingLines(lines);
          cart = await apiRequest(CART_PATH, { method: 'PUT', body: { version, lines } });
        }
        if (owner === user) {
          mergeFirst = false;
          failures = 0;
          if (emptying) emptied = false;
          adopt(cart, [lines]);
        }
      } catch (error) {
        if (owner === user) again = recover(error, lines);
      } finally {
        sending = false;
      }
      // Another shopper signed in while this was out: their merge waited for it.
      if (owner !== user) {
        if (owner !== null) schedule(0);
      } else if (again || (!mergeFirst && !sameRefs(localLines(), seen))) {
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
      seen = [];
      unanswered = [];
      mergeFirst = true;
      emptied = false;
      failures = 0;
      remember();
      if (leaving !== null) api.dispatch(cartClearedAtSignOut());
      if (owner !== null) schedule(0);
    };

    // A cart kept with the signed-in shopper's account in an earlier visit is written back with
    // the version it had then; if the account's copy changed elsewhere since, the changes made in
    // this browser meanwhile (on a page left before its write was answered, or before this was
    // loaded) are kept on it.
    const state = api.getState();
    if (owner !== null && owner === state.user.currentUser?.id) {
      mergeFirst = false;
      if (!stored?.lines) seen = localLines();
      schedule(0);
    } else {
      followUser(state);
    }

    // A change made just before the page is left would otherwise wait for a debounce that never
    // comes; the browser still sends a keepalive request after the page is gone.
    window.addEventListener('pagehide', () => {
      const lines = localLines();
      if (owner === null || sending || mergeFirst || sameRefs(lines, seen)) return;
      sendingLines(lines);
      void fetch(CART_PATH, {
        method: 'PUT',
        keepalive: true,
        credentials: 'same-origin',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ version, lines }),
      }).catch(() => undefined);
    });

    return (next) => (action) => {
      const result = next(action);
      const state = api.getState();
      const changed = SHOPPER_CHANGES.some((change) => change.match(action));
      if (changed && owner !== null && owner === state.user.currentUser?.id) {
        // A paid order's empty cart goes at once: the shopper may close the page right away.
        emptied ||= cartEmptied.match(action);
        schedule(cartEmptied.match(action) ? 0 : debounceMs);
      }
      followUser(state);
      return result;
    };
  };
}
