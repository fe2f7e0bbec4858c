import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type Item } from '#shared/catalogue.ts';
import { findItem } from '#shared/spec-catalogue.ts';
import type {
  CrwnPay,
  CrwnPayOptions,
  PaymentToken,
  PaymentTokenArgs,
} from '#shared/payment-widget.ts';
import { accountCartSynced, itemAdded, lineSizeChosen } from '#client/features/cart/cart-slice.ts';
import { lineRef, type CartItem } from '#shared/cart.ts';
import { loadProductSizes } from '#client/features/cart/use-line-sizes.ts';
import { clearPendingPayment } from '#client/features/orders/pending-payment.ts';
import { cartWith } from '#client/test/cart-state.ts';
import { renderWithProviders } from '#client/test/render-with-providers.tsx';
import { LOST_ANSWER_MESSAGE, PayNow } from './pay-now.tsx';

/** The card widget, as far as Pay Now sees it: it opens, and hands a token to the callback. */
const widget = vi.hoisted(() => ({
  options: null as CrwnPayOptions | null,
  open: vi.fn(),
}));
vi.mock('#client/features/orders/payment-widget.ts', () => ({
  loadPaymentWidget: () =>
    Promise.resolve({
      version: 1,
      configure(options: CrwnPayOptions) {
        widget.options = options;
        return { open: widget.open, close: vi.fn(), createButton: vi.fn() };
      },
      validateOptions: () => [],
    } satisfies CrwnPay<HTMLButtonElement>),
}));

const brim = findItem(1) as Item;
const nmd = findItem(10) as Item;
const token: PaymentToken = {
  id: 'tok_abcdefghijklmnopqrstuvwxyz012345',
  object: 'token',
  card: { brand: 'visa', last4: '4242', expMonth: 12, expYear: 2034 },
  email: 'ada@example.com',
  created: '2026-11-23T00:00:00.000Z',
};

function orderAnswer(status: number) {
  return new Response(
    JSON.stringify({
      order: { id: 'ord_abcdefghijklmnopqrstuvwx', total: 2 * brim.price },
      receipt: 'r',
    }),
    { status, headers: { 'content-type': 'application/json' } },
  );
}

let fetch: ReturnType<typeof vi.fn<typeof globalThis.fetch>>;
const sentBodies = () =>
  fetch.mock.calls.map(([, init]) => JSON.parse(init?.body as string) as Record<string, unknown>);

beforeEach(() => {
  widget.open.mockClear();
  widget.options = null;
  fetch = vi.fn<typeof globalThis.fetch>();
  vi.stubGlobal('fetch', fetch);
  vi.stubGlobal('alert', vi.fn());
  vi.spyOn(console, 'log').mockImplementation(() => {});
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  // A plain-http address off localhost: no crypto.randomUUID (issue #9, item 10).
  const { getRandomValues } = globalThis.crypto;
  vi.stubGlobal('crypto', { getRandomValues: getRandomValues.bind(globalThis.crypto) });
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  clearPendingPayment();
});

/** The catalogue's answer for the products of lines without a size (H1's JSON API). */
function catalogueAnswer(products: { id: number; sizeKind: string | null; sizes: string[] }[]) {
  return new Response(
    JSON.stringify({
      products: products.map(({ id, sizeKind, sizes }) => ({
        ...findItem(id),
        sizeKind,
        sizes: sizes.map((size) => ({ size, stock: 5 })),
      })),
    }),
    { status: 200, headers: { 'content-type': 'application/json' } },
  );
}

async function openCheckout(cartItems: CartItem[] = [{ ...brim, quantity: 2, size: 'M' }]) {
  const rendered = renderWithProviders(<PayNow />, {
    route: '/checkout',
    preloadedState: cartWith(cartItems),
  });
  const payNow = screen.getByRole('button', { name: 'Pay Now' });
  await waitFor(() => expect(payNow).toHaveAttribute('aria-busy', 'false'));
  return { ...rendered, payNow };
}

/** The shopper pays in the widget: it hands its token to Pay Now. */
async function payInWidget(args: PaymentTokenArgs = {}) {
  await act(async () => {
    widget.options?.token(token, args);
    await Promise.resolve();
  });
}

describe('Pay Now', () => {
  it('opens the widget where crypto.randomUUID is missing', async () => {
    const { user, payNow } = await openCheckout();
    await user.click(payNow);
    expect(widget.open).toHaveBeenCalledWith(expect.objectContaining({ amount: 2 * brim.price }));
  });

  it('after a lost answer, paying again sends the same key and token and gets the one order', async () => {
    fetch.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    fetch.mockResolvedValueOnce(orderAnswer(200));
    const { user, payNow } = await openCheckout();
    await user.click(payNow);
    await payInWidget();
    expect(await screen.findByRole('alert')).toHaveTextContent(LOST_ANSWER_MESSAGE);

    await user.click(payNow);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/confirmation'));
    // The card was not asked for again, and the request was the same one.
    expect(widget.open).toHaveBeenCalledTimes(1);
    const [first, again] = sentBodies();
    expect(again).toEqual(first);
    expect(first).toMatchObject({
      token: token.id,
      approvedTotal: 2 * brim.price,
      lines: [{ id: brim.id, quantity: 2, size: 'M' }],
    });
    expect(first?.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    expect(window.alert).toHaveBeenCalledWith('Payment Successful!');
  });

  it('starts a new attempt, with a new key, when the cart changed after a lost answer', async () => {
    fetch.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    fetch.mockResolvedValueOnce(orderAnswer(201));
    const { user, payNow, store } = await openCheckout();
    await user.click(payNow);
    await payInWidget();
    expect(await screen.findByRole('alert')).toHaveTextContent(LOST_ANSWER_MESSAGE);

    act(() => {
      store.dispatch(itemAdded({ ...nmd, size: 'US 9' }));
    });
    await user.click(payNow);
    expect(widget.open).toHaveBeenCalledTimes(2);
    expect(widget.open).toHaveBeenLastCalledWith(
      expect.objectContaining({ amount: 2 * brim.price + nmd.price }),
    );
    await payInWidget();
    const [first, second] = sentBodies();
    expect(second?.idempotencyKey).not.toBe(first?.idempotencyKey);
    expect(second?.approvedTotal).toBe(2 * brim.price + nmd.price);
  });

  it('forgets the attempt when the shop answers with a refusal', async () => {
    fetch.mockResolvedValueOnce(
      new Response(JSON.stringify({ message: 'Your card was declined.' }), { status: 402 }),
    );
    const { user, payNow } = await openCheckout();
    await user.click(payNow);
    await payInWidget();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Your card was declined. Your cart is unchanged.',
    );
    await user.click(payNow);
    expect(widget.open).toHaveBeenCalledTimes(2);
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('names the lines that still need a size, and opens the widget only once they have one', async () => {
    fetch.mockResolvedValueOnce(
      catalogueAnswer([
        { id: brim.id, sizeKind: 'hat', sizes: ['S', 'M', 'L'] },
        { id: 2, sizeKind: 'hat', sizes: ['S', 'M', 'L'] },
      ]),
    );
    const beanie = findItem(2) as Item;
    const { user, payNow, store } = await openCheckout([
      { ...brim, quantity: 1 },
      { ...nmd, quantity: 1, size: 'US 9' },
      { ...beanie, quantity: 1 },
    ]);
    await user.click(payNow);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Choose a size for Brown Brim and Blue Beanie.',
    );
    expect(widget.open).not.toHaveBeenCalled();
    expect(fetch.mock.calls[0]?.[0]).toBe('/api/catalogue/products?ids=1,2');

    act(() => {
      store.dispatch(lineSizeChosen({ line: { id: brim.id }, chosen: 'L' }));
    });
    expect(screen.queryByRole('alert')).toBeNull();
    await user.click(payNow);
    expect(await screen.findByRole('alert')).toHaveTextContent('Choose a size for Blue Beanie.');

    act(() => {
      store.dispatch(lineSizeChosen({ line: { id: 2 }, chosen: 'S' }));
    });
    await user.click(payNow);
    expect(widget.open).toHaveBeenCalledTimes(1);
    // The sizes were asked for once.
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('keeps asking for a size when the same cart is synced again', async () => {
    // Another hat than the other tests', whose sizes this module already holds.
    const beanie = findItem(5) as Item;
    fetch.mockResolvedValueOnce(
      catalogueAnswer([{ id: beanie.id, sizeKind: 'hat', sizes: ['S', 'M', 'L'] }]),
    );
    const { user, payNow, store } = await openCheckout([{ ...beanie, quantity: 2 }]);
    await user.click(payNow);
    expect(await screen.findByRole('alert')).toHaveTextContent('Choose a size for Green Beanie.');

    // Another tab or the account's cart gives the same lines again, as a new array.
    act(() => {
      store.dispatch(accountCartSynced([{ id: beanie.id, quantity: 2 }]));
    });
    expect(screen.getByRole('alert')).toHaveTextContent('Choose a size for Green Beanie.');
    expect(widget.open).not.toHaveBeenCalled();
  });

  it('pressed while the sizes are still on their way, waits for them and asks for a size', async () => {
    const palm = findItem(6) as Item;
    let answer: (response: Response) => void = () => undefined;
    fetch.mockReturnValueOnce(new Promise<Response>((resolve) => (answer = resolve)));
    // The checkout's size chooser has asked already; its answer is slow.
    const asked = loadProductSizes([palm.id]);
    const { user, payNow } = await openCheckout([{ ...palm, quantity: 1 }]);
    await user.click(payNow);
    await act(async () => {
      answer(catalogueAnswer([{ id: palm.id, sizeKind: 'hat', sizes: ['S', 'M', 'L'] }]));
      await asked;
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('Choose a size for Palm Tree Cap.');
    expect(widget.open).not.toHaveBeenCalled();
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('pays for a one-size product without asking for a size', async () => {
    // As if the owner sold it in one size (the seed gives every product sizes).
    const tote = findItem(3) as Item;
    fetch.mockResolvedValueOnce(catalogueAnswer([{ id: tote.id, sizeKind: null, sizes: [''] }]));
    const { user, payNow } = await openCheckout([{ ...tote, quantity: 1 }]);
    await user.click(payNow);
    await waitFor(() => expect(widget.open).toHaveBeenCalledTimes(1));
  });

  it('names each line the shop no longer has, and leaves the cart as it was', async () => {
    fetch.mockResolvedValueOnce(
      new Response(
        JSON.stringify({
          error: 'Conflict',
          code: 'OUT_OF_STOCK',
          message: 'Some items are no longer available.',
          unavailable: [{ id: brim.id, size: 'M', name: 'Brown Brim', quantity: 2, available: 0 }],
        }),
        { status: 409 },
      ),
    );
    const cartItems = [
      { ...brim, quantity: 2, size: 'M' },
      { ...nmd, quantity: 1, size: 'US 9' },
    ];
    const { user, payNow, store } = await openCheckout(cartItems);
    await user.click(payNow);
    await payInWidget();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Brown Brim (size M): sold out');
    expect(alert).toHaveTextContent('Nothing was charged');
    expect(store.getState().cart.cartItems).toEqual(cartItems.map(lineRef));
  });

  it('does nothing while the catalogue is still asked what the lines are now', async () => {
    const rendered = renderWithProviders(<PayNow />, {
      route: '/checkout',
      preloadedState: { cart: { hidden: true, cartItems: [{ id: 1, quantity: 2, size: 'M' }] } },
    });
    const payNow = screen.getByRole('button', { name: 'Pay Now' });
    await waitFor(() => expect(payNow).toHaveAttribute('aria-busy', 'false'));
    await rendered.user.click(payNow);
    expect(widget.open).not.toHaveBeenCalled();
  });

  it('after the shop found the total changed, asks the catalogue again for the new prices', async () => {
    fetch.mockResolvedValueOnce(
      new Response(
        JSON.stringify({
          error: 'Conflict',
          code: 'TOTAL_CHANGED',
          message: 'The total is now $62.00, not the $50.00 you approved.',
        }),
        { status: 409 },
      ),
    );
    const { user, payNow, store } = await openCheckout();
    await user.click(payNow);
    await payInWidget();
    expect(await screen.findByRole('alert')).toHaveTextContent('The total is now $62.00');
    // Nothing known of the products any more: the cart asks again (cart-products.ts).
    expect(store.getState().cartCatalogue.products).toEqual({});
    expect(store.getState().cart.cartItems).toEqual([{ id: 1, quantity: 2, size: 'M' }]);
  });
});
