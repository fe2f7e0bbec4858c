import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { findItem } from '#shared/spec-catalogue.ts';
import type { CartLineRef } from '#shared/cart.ts';
import { mergeCartLines, type CartDocument } from '#shared/carts.ts';
import { priceOrderLines } from '#shared/orders.ts';
import { makeStore, type AppStore } from '#client/app/store.ts';
import { currentUserChanged, type CurrentUser } from '#client/features/user/user-slice.ts';
import { ACCOUNT_CART_KEY } from './account-cart-key.ts';
import {
  cartEmptied,
  itemAdded,
  itemRemoved,
  lineCleared,
  lineSizeChosen,
  linesNoLongerAvailable,
} from './cart-slice.ts';
import { cartSync } from './cart-sync.ts';

const item = (id: number) => findItem(id)!;
const ada: CurrentUser = {
  id: 'user-ada',
  displayName: 'Ada',
  email: 'ada@example.com',
  createdAt: '2026-01-01T00:00:00.000Z',
};

/**
 * The account's cart as /api/cart keeps it, behind a stubbed fetch: versions, 409 on a stale
 * version, and the shared merge rule. Only Ada is signed in (any other cookie-less call is 401).
 */
function fakeCartServer() {
  const server = {
    lines: [] as CartLineRef[],
    version: 0,
    signedIn: true,
    requests: [] as string[],
    /** Requests that fail as a dropped connection before they are answered. */
    dropNext: 0,
    /** Requests carried out whose answers are lost to a dropped connection. */
    loseNextAnswer: 0,
    /** While set, answers wait until `release()`. */
    held: null as Promise<void> | null,
    /** Set: `held` holds the answers only, each request is carried out at once. */
    answersLate: false,
    /** Raised when the page is left: answers to requests of an earlier page never arrive. */
    page: 0,
    release: () => {},
    hold() {
      server.held = new Promise((resolve) => {
        server.release = () => {
          server.held = null;
          resolve();
        };
      });
    },
    /** Another device writes the account's cart. */
    writeElsewhere(lines: CartLineRef[]) {
      server.lines = lines;
      server.version += 1;
    },
  };
  const document = (): CartDocument => {
    const priced = priceOrderLines(server.lines, findItem)!;
    return { version: server.version, lines: priced.lines, total: priced.total };
  };
  const answer = (status: number, body: unknown) =>
    Promise.resolve(new Response(JSON.stringify(body), { status }));
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    server.requests.push(`${method} ${url}`);
    if (server.dropNext > 0) {
      server.dropNext -= 1;
      throw new TypeError('Failed to fetch');
    }
    const page = server.page;
    if (!server.answersLate) await server.held;
    const response = carryOut(method, init);
    if (server.loseNextAnswer > 0) {
      server.loseNextAnswer -= 1;
      throw new TypeError('Failed to fetch');
    }
    await server.held;
    // The browser drops a left page's requests, answered or not.
    return page === server.page ? response : new Promise<Response>(() => {});
  });
  function carryOut(method: string, init: RequestInit) {
    if (!server.signedIn) return answer(401, { message: 'Sign in to keep your cart.' });
    const body = JSON.parse(typeof init.body === 'string' ? init.body : 'null') as {
      version?: number;
      lines: CartLineRef[];
    } | null;
    if (method === 'GET') return answer(200, document());
    if (method === 'POST' && body) {
      server.lines = mergeCartLines(server.lines, body.lines);
      server.version += 1;
      return answer(200, document());
    }
    if (method === 'PUT' && body) {
      if (body.version !== server.version) return answer(409, { cart: document() });
      server.writeElsewhere(body.lines);
      return answer(200, document());
    }
    return answer(400, {});
  }
  return server;
}

const pairs = (lines: readonly CartLineRef[]) => lines.map((line) => [line.id, line.quantity]);
const localPairs = (store: AppStore) => pairs(store.getState().cart.cartItems);

function syncedStore(debounceMs = 30) {
  const store = makeStore();
  store.dispatch(currentUserChanged(null));
  store.addLateMiddleware(cartSync({ debounceMs }));
  return store;
}

/** The next page of a signed-in visit: the cart as the last page stored it, the sync loaded. */
function nextPage(left: AppStore) {
  server.page += 1;
  const store = makeStore({ cart: left.getState().cart });
  store.dispatch(currentUserChanged(ada));
  store.addLateMiddleware(cartSync({ debounceMs: 30 }));
  return store;
}

const sizedPairs = (store: AppStore) =>
  store.getState().cart.cartItems.map(({ id, size, quantity }) => [id, size, quantity]);

let server: ReturnType<typeof fakeCartServer>;

beforeEach(() => {
  server = fakeCartServer();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the cart kept with the account', () => {
  it("merges this browser's cart into the account's at sign-in: larger quantity, new lines appended", async () => {
    server.writeElsewhere([
      { id: 1, quantity: 2 },
      { id: 10, quantity: 1 },
    ]);
    const store = syncedStore();
    store.dispatch(itemAdded(item(18)));
    for (let i = 0; i < 3; i += 1) store.dispatch(itemAdded(item(10)));
    expect(server.requests).toEqual([]);

    store.dispatch(currentUserChanged(ada));
    const merged = [
      [1, 2],
      [10, 3],
      [18, 1],
    ];
    await vi.waitFor(() => expect(localPairs(store)).toEqual(merged));
    expect(pairs(server.lines)).toEqual(merged);
    // References only on this side too: names and prices are the catalogue's.
    expect(store.getState().cart.cartItems[2]).toEqual({ id: 18, quantity: 1 });
    expect(JSON.parse(localStorage.getItem(ACCOUNT_CART_KEY) ?? '')).toEqual({
      user: ada.id,
      version: server.version,
      lines: server.lines,
      unanswered: [],
    });
  });

  it('writes changes while signed in once they pause, in one request', async () => {
    const store = syncedStore();
    store.dispatch(currentUserChanged(ada));
    await vi.waitFor(() => expect(server.requests).toEqual(['POST /api/cart/merge']));

    store.dispatch(itemAdded(item(1)));
    store.dispatch(itemAdded(item(1)));
    store.dispatch(itemAdded(item(2)));
    store.dispatch(itemRemoved({ id: 1 }));
    store.dispatch(itemAdded(item(3)));
    store.dispatch(lineCleared({ id: 2 }));
    await vi.waitFor(() =>
      expect(pairs(server.lines)).toEqual([
        [1, 1],
        [3, 1],
      ]),
    );
    expect(server.requests).toEqual(['POST /api/cart/merge', 'PUT /api/cart']);
  });

  it('empties the cart in this browser at sign-out, and the account keeps its copy', async () => {
    const store = syncedStore();
    store.dispatch(currentUserChanged(ada));
    store.dispatch(itemAdded(item(5)));
    await vi.waitFor(() => expect(pairs(server.lines)).toEqual([[5, 1]]));

    server.signedIn = false;
    store.dispatch(currentUserChanged(null));
    expect(store.getState().cart.cartItems).toEqual([]);
    expect(localStorage.getItem(ACCOUNT_CART_KEY)).toBeNull();
    expect(pairs(server.lines)).toEqual([[5, 1]]);

    // Signing in again brings it back, with what was added meanwhile.
    store.dispatch(itemAdded(item(6)));
    server.signedIn = true;
    store.dispatch(currentUserChanged(ada));
    await vi.waitFor(() =>
      expect(localPairs(store)).toEqual([
        [5, 1],
        [6, 1],
      ]),
    );
  });

  it("replays this browser's changes on the account's newer cart when another device wrote first", async () => {
    const store = syncedStore();
    store.dispatch(currentUserChanged(ada));
    store.dispatch(itemAdded(item(1)));
    await vi.waitFor(() => expect(pairs(server.lines)).toEqual([[1, 1]]));

    // The phone adds a jacket; this browser, not knowing, adds another hat and a beanie.
    server.writeElsewhere([
      { id: 1, quantity: 1 },
      { id: 19, quantity: 1 },
    ]);
    store.dispatch(itemAdded(item(1)));
    store.dispatch(itemAdded(item(2)));
    const both = [
      [1, 2],
      [19, 1],
      [2, 1],
    ];
    await vi.waitFor(() => expect(pairs(server.lines)).toEqual(both));
    expect(localPairs(store)).toEqual(both);
    // Refused once (409, with the phone's cart in the answer), then written on top of it.
    expect(server.requests).toEqual(['POST /api/cart/merge', 'PUT /api/cart', 'PUT /api/cart']);
  });

  it('keeps every line when pages are left before their writes are answered and a size is chosen meanwhile', async () => {
    const hats = syncedStore();
    hats.dispatch(currentUserChanged(ada));
    await vi.waitFor(() => expect(server.version).toBe(1));
    // From here on the account's answers come late, as on a loaded machine: each page is left
    // after its write has reached the shop and before the answer came back.
    server.answersLate = true;
    server.hold();
    hats.dispatch(itemAdded(item(1)));
    hats.dispatch(itemAdded(item(1)));
    await vi.waitFor(() => expect(pairs(server.lines)).toEqual([[1, 2]]));

    const sneakers = nextPage(hats);
    await vi.waitFor(() => expect(server.requests).toHaveLength(3));
    sneakers.dispatch(itemAdded(item(10)));

    const checkout = nextPage(sneakers);
    expect(sizedPairs(checkout)).toEqual([
      [1, undefined, 2],
      [10, undefined, 1],
    ]);
    await vi.waitFor(() => expect(server.requests).toHaveLength(4));
    checkout.dispatch(lineSizeChosen({ line: { id: 1 }, chosen: 'L' }));
    server.release();

    const expected = [
      [1, 'L', 2],
      [10, undefined, 1],
    ];
    await vi.waitFor(() =>
      expect(server.lines.map(({ id, size, quantity }) => [id, size, quantity])).toEqual(expected),
    );
    expect(sizedPairs(checkout)).toEqual(expected);
  });

  it('counts an add once when the answer of its write was lost', async () => {
    const store = syncedStore();
    store.dispatch(currentUserChanged(ada));
    await vi.waitFor(() => expect(server.version).toBe(1));
    // The connection drops after the shop saved the hat, before its answer came back.
    server.loseNextAnswer = 1;
    store.dispatch(itemAdded(item(5)));
    // Tried again (refused: the account moved on, with the hat in it).
    await vi.waitFor(() => expect(server.requests.length).toBeGreaterThanOrEqual(3), {
      timeout: 5000,
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(pairs(server.lines)).toEqual([[5, 1]]);
    expect(localPairs(store)).toEqual([[5, 1]]);
  }, 10_000);

  it("writes a paid order's empty cart at once, without waiting for the pause", async () => {
    const store = syncedStore(60_000);
    store.dispatch(currentUserChanged(ada));
    await vi.waitFor(() => expect(server.requests).toHaveLength(1));
    server.writeElsewhere([{ id: 4, quantity: 2 }]);
    store.dispatch(cartEmptied());
    // Even though another device had changed it, the order's empty cart is what stays.
    await vi.waitFor(() => expect(server.lines).toEqual([]));
  });

  it("takes the account's cart on a later visit when it changed elsewhere since", async () => {
    server.writeElsewhere([{ id: 7, quantity: 1 }]);
    localStorage.setItem(ACCOUNT_CART_KEY, JSON.stringify({ user: ada.id, version: 1 }));
    server.writeElsewhere([{ id: 8, quantity: 2 }]);
    const store = makeStore();
    store.dispatch(itemAdded(item(7)));
    store.dispatch(currentUserChanged(ada));
    store.addLateMiddleware(cartSync({ debounceMs: 30 }));
    await vi.waitFor(() => expect(localPairs(store)).toEqual([[8, 2]]));
    expect(pairs(server.lines)).toEqual([[8, 2]]);
  });

  it('keeps a hat added before the sync was loaded when the account changed elsewhere since', async () => {
    server.writeElsewhere([{ id: 7, quantity: 1 }]);
    localStorage.setItem(
      ACCOUNT_CART_KEY,
      JSON.stringify({ user: ada.id, version: 1, lines: [{ id: 7, quantity: 1 }] }),
    );
    server.writeElsewhere([{ id: 8, quantity: 2 }]);
    const store = makeStore({ cart: { hidden: true, cartItems: [{ ...item(7), quantity: 1 }] } });
    store.dispatch(currentUserChanged(ada));
    // Tapped while the sync was still loading (or before the app ran: early-adds.ts).
    store.dispatch(itemAdded(item(3)));
    store.addLateMiddleware(cartSync({ debounceMs: 30 }));
    const expected = [
      [8, 2],
      [3, 1],
    ];
    await vi.waitFor(() => expect(pairs(server.lines)).toEqual(expected));
    expect(localPairs(store)).toEqual(expected);
  });

  it("empties an account's cart left in this browser when its session is gone", async () => {
    localStorage.setItem(ACCOUNT_CART_KEY, JSON.stringify({ user: ada.id, version: 3 }));
    const store = makeStore();
    store.dispatch(itemAdded(item(7)));
    store.dispatch(currentUserChanged(null));
    store.addLateMiddleware(cartSync());
    await vi.waitFor(() => expect(store.getState().cart.cartItems).toEqual([]));
    expect(localStorage.getItem(ACCOUNT_CART_KEY)).toBeNull();
    expect(server.requests).toEqual([]);
  });

  it('leaves an anonymous cart alone', () => {
    const store = syncedStore();
    store.dispatch(itemAdded(item(7)));
    store.dispatch(currentUserChanged(null));
    expect(localPairs(store)).toEqual([[7, 1]]);
    expect(server.requests).toEqual([]);
  });

  it("writes the account's cart without a line whose product is no longer on sale", async () => {
    const store = syncedStore();
    store.dispatch(itemAdded(item(3)));
    store.dispatch(itemAdded(item(12)));
    store.dispatch(currentUserChanged(ada));
    await vi.waitFor(() =>
      expect(pairs(server.lines)).toEqual([
        [3, 1],
        [12, 1],
      ]),
    );
    // The catalogue answered that the owner archived Brown Cowboy (cart-products.ts).
    store.dispatch(linesNoLongerAvailable([{ id: 3, name: 'Brown Cowboy' }]));
    await vi.waitFor(() => expect(pairs(server.lines)).toEqual([[12, 1]]));
    expect(localPairs(store)).toEqual([[12, 1]]);
  });

  it('tries again when the shop could not be reached', async () => {
    const store = syncedStore();
    server.dropNext = 1;
    store.dispatch(itemAdded(item(12)));
    store.dispatch(currentUserChanged(ada));
    await vi.waitFor(() => expect(pairs(server.lines)).toEqual([[12, 1]]), { timeout: 5000 });
    expect(server.requests).toEqual(['POST /api/cart/merge', 'POST /api/cart/merge']);
  });

  it("merges the next shopper's cart even when they sign in while a request is out", async () => {
    const store = syncedStore();
    server.hold();
    store.dispatch(currentUserChanged(ada));
    await vi.waitFor(() => expect(server.requests).toEqual(['POST /api/cart/merge']));
    store.dispatch(currentUserChanged(null));
    store.dispatch(itemAdded(item(14)));
    store.dispatch(currentUserChanged({ ...ada, id: 'user-bea' }));
    // Bea's merge comes due (a 0 ms timer, set first) while Ada's request is still out.
    await new Promise((resolve) => setTimeout(resolve, 0));
    server.release();
    await vi.waitFor(() => expect(pairs(server.lines)).toEqual([[14, 1]]));
    expect(server.requests).toEqual(['POST /api/cart/merge', 'POST /api/cart/merge']);
    expect(localPairs(store)).toEqual([[14, 1]]);
  });
});
