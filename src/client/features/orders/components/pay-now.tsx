import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { formatMoney } from '#shared/money.ts';
import type { CreateOrderBody } from '#shared/orders.ts';
import { randomUuid } from '#shared/random-uuid.ts';
import type { CrwnPayHandler, PaymentToken, PaymentTokenArgs } from '#shared/payment-widget.ts';
import { PAYMENT_PUBLISHABLE_KEY } from '#shared/payment-widget-core.ts';
import { Button } from '#client/components/ui/button.tsx';
import { useAppDispatch, useAppSelector } from '#client/app/hooks.ts';
import { cartEmptied } from '#client/features/cart/cart-slice.ts';
import { cartProductsForgotten } from '#client/features/cart/cart-catalogue-slice.ts';
import {
  selectCartItems,
  selectCartKnown,
  selectCartTotal,
} from '#client/features/cart/cart-selectors.ts';
import { selectCurrentUser } from '#client/features/user/user-selectors.ts';
import { confirmationPath, placeOrder } from '#client/features/orders/orders-api.ts';
import { loadPaymentWidget } from '#client/features/orders/payment-widget.ts';
import {
  cartFingerprint,
  clearPendingPayment,
  loadPendingPayment,
  savePendingPayment,
} from '#client/features/orders/pending-payment.ts';
import { ApiError } from '#client/api/api-client.ts';
import { NETWORK_ERROR_MESSAGE } from '#client/lib/api-client.ts';
import { StyleSheet } from '#client/components/ui/style-sheet.tsx';
import payNowCss from './pay-now.css?inline';

type WidgetState = 'loading' | 'ready' | 'unavailable';

/** One opening of the widget: what the shopper is about to approve. */
interface Attempt {
  idempotencyKey: string;
  lines: CreateOrderBody['lines'];
  cart: string;
  approvedTotal: number;
}

/** An answer that may never have come: the order may or may not exist, so ask again the same. */
const isUnanswered = (failure: unknown) =>
  failure instanceof ApiError && (failure.status === 0 || failure.status >= 500);

/** Sizes and stock (issue 13), loaded only for a cart with a line without a size, or a 409. */
const sizesCheck = () => import('#client/features/cart/use-sizes-check.ts');

export const LOST_ANSWER_MESSAGE =
  'We did not hear back from the shop, so your payment may have gone through. Press Pay Now again to finish: you will not be charged twice.';

/**
 * Pay Now: opens the card widget for the cart's total (in cents), then sends the token with the
 * cart's lines and that approved total to the shop, which prices and charges them itself. Until
 * an answer arrives the request is kept (pending-payment.ts): pressing Pay Now again for the same
 * cart sends it again with the same idempotency key and token, so a lost answer is never a
 * second charge.
 */
export function PayNow() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const cartItems = useAppSelector(selectCartItems);
  const total = useAppSelector(selectCartTotal);
  // Every line's product as the catalogue has it now: until then there is no total to approve.
  const known = useAppSelector(selectCartKnown);
  const currentUser = useAppSelector(selectCurrentUser);
  const [widgetState, setWidgetState] = useState<WidgetState>('loading');
  const [error, setError] = useState<string | null>(null);
  const [placing, setPlacing] = useState(false);
  // What Pay Now waits for, shown until the cart changes (a size chosen, a line removed).
  // Compared by content, not identity: a cart restored or synced again with the same lines is
  // still the cart the message is about.
  const [sizesAsked, setSizesAsked] = useState<{ message: string; cart: string } | null>(null);
  const sizesNeeded = sizesAsked?.cart === cartFingerprint(cartItems) ? sizesAsked.message : null;
  const handler = useRef<CrwnPayHandler<HTMLButtonElement> | null>(null);
  // One idempotency key per opening of the widget: a retried or doubled request for the same
  // payment gives the same order, never a second charge.
  const attempt = useRef<Attempt | null>(null);

  const submit = async (body: CreateOrderBody) => {
    setPlacing(true);
    setError(null);
    try {
      const { order, receipt } = await placeOrder(body);
      clearPendingPayment();
      window.alert('Payment Successful!');
      dispatch(cartEmptied());
      void navigate(confirmationPath(order.id, receipt));
    } catch (failure) {
      console.warn('The order was not placed', failure);
      if (isUnanswered(failure)) {
        setError(LOST_ANSWER_MESSAGE);
      } else {
        // An answer: nothing was charged, and the next payment starts afresh.
        clearPendingPayment();
        // A price changed since this page learnt it: the cart asks the catalogue again and
        // shows the new total, which the next Pay Now approves (ADR 053).
        if (failure instanceof ApiError && failure.code === 'TOTAL_CHANGED') {
          dispatch(cartProductsForgotten());
        }
        const soldOut =
          failure instanceof ApiError && failure.code === 'OUT_OF_STOCK'
            ? await (await sizesCheck()).unavailableLines(failure.body)
            : undefined;
        setError(
          soldOut ??
            `${failure instanceof Error ? failure.message : 'The payment did not go through.'} Your cart is unchanged.`,
        );
      }
    } finally {
      setPlacing(false);
    }
  };

  const onToken = async (token: PaymentToken, args: PaymentTokenArgs) => {
    console.log(token); // The spec logs the token; it is the one-use id, never the card.
    const current = attempt.current;
    if (!current) return;
    attempt.current = null;
    const body: CreateOrderBody = {
      token: token.id,
      idempotencyKey: current.idempotencyKey,
      lines: current.lines,
      email: token.email,
      approvedTotal: current.approvedTotal,
      ...(args.billingAddress ? { billingAddress: args.billingAddress } : {}),
      ...(args.shippingAddress ? { shippingAddress: args.shippingAddress } : {}),
    };
    savePendingPayment({ cart: current.cart, body });
    await submit(body);
  };
  const onTokenRef = useRef(onToken);
  useEffect(() => {
    onTokenRef.current = onToken;
  });

  useEffect(() => {
    let active = true;
    loadPaymentWidget()
      .then((crwnPay) => {
        if (!active) return;
        handler.current = crwnPay.configure({
          key: PAYMENT_PUBLISHABLE_KEY,
          token: (token, args) => void onTokenRef.current(token, args),
          // No name or image: the provider shows the shop's, as its owner set them (ADR 048).
          locale: 'auto',
          currency: 'usd',
          billingAddress: true,
          shippingAddress: true,
          zipCode: true,
          panelLabel: 'Pay Now',
        });
        setWidgetState('ready');
      })
      .catch((failure: unknown) => {
        // The spec's error callback: the loading state goes, the button then does nothing.
        console.error('Card payment is unavailable', failure);
        if (active) setWidgetState('unavailable');
      });
    return () => {
      active = false;
      handler.current?.close();
    };
  }, []);

  const openWidget = () => {
    if (!handler.current) return;
    const lines = cartItems.map(({ id, quantity, size }) =>
      size ? { id, quantity, size } : { id, quantity },
    );
    const cart = cartFingerprint(lines);
    const pending = loadPendingPayment();
    if (pending) {
      if (pending.cart === cart && pending.body.approvedTotal === total) {
        void submit(pending.body);
        return;
      }
      // The cart changed since: that request cannot be this payment.
      clearPendingPayment();
    }
    attempt.current = { idempotencyKey: randomUuid(), lines, cart, approvedTotal: total };
    handler.current.open({
      amount: total,
      description: `Your total is ${formatMoney(total)}`,
      ...(currentUser ? { email: currentUser.email } : {}),
    });
  };

  const pay = () => {
    if (widgetState !== 'ready' || !handler.current || !known || cartItems.length === 0) return;
    if (placing) return;
    if (cartItems.every((line) => line.size)) {
      openWidget();
      return;
    }
    setError(null);
    sizesCheck()
      .then((check) => check.missingSizes(cartItems))
      .then((message) => {
        if (message) setSizesAsked({ message, cart: cartFingerprint(cartItems) });
        else openWidget();
      })
      .catch(() => setError(NETWORK_ERROR_MESSAGE));
  };

  return (
    <div className="pay-now">
      <StyleSheet href="pay-now" css={payNowCss} />
      <Button
        onClick={pay}
        aria-busy={widgetState === 'loading' || placing}
        aria-describedby="pay-status"
      >
        Pay Now
      </Button>
      <p
        id="pay-status"
        className="pay-now__status"
        role={error || sizesNeeded ? 'alert' : 'status'}
      >
        {error ??
          sizesNeeded ??
          (widgetState === 'unavailable'
            ? 'Card payment is unavailable right now. Please try again later.'
            : placing
              ? 'Placing your order…'
              : '')}
      </p>
    </div>
  );
}
