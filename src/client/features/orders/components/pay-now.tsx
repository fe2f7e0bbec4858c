import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { formatMoney } from '#shared/money.ts';
import {
  PAYMENT_PUBLISHABLE_KEY,
  type CrwnPayHandler,
  type PaymentToken,
  type PaymentTokenArgs,
} from '#shared/payment-widget.ts';
import { Button } from '#client/components/ui/button.tsx';
import { useAppDispatch, useAppSelector } from '#client/app/hooks.ts';
import { cartEmptied } from '#client/features/cart/cart-slice.ts';
import { selectCartItems, selectCartTotal } from '#client/features/cart/cart-selectors.ts';
import { selectCurrentUser } from '#client/features/user/user-selectors.ts';
import { confirmationPath, placeOrder } from '#client/features/orders/orders-api.ts';
import { loadPaymentWidget } from '#client/features/orders/payment-widget.ts';
import { StyleSheet } from '#client/components/ui/style-sheet.tsx';
import payNowCss from './pay-now.css?inline';

type WidgetState = 'loading' | 'ready' | 'unavailable';

interface Attempt {
  idempotencyKey: string;
  lines: { id: number; quantity: number }[];
}

/**
 * Pay Now: opens the card widget for the cart's total (in cents), then sends the token with the
 * cart's lines to the shop, which prices and charges them itself.
 */
export function PayNow() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const cartItems = useAppSelector(selectCartItems);
  const total = useAppSelector(selectCartTotal);
  const currentUser = useAppSelector(selectCurrentUser);
  const [widgetState, setWidgetState] = useState<WidgetState>('loading');
  const [error, setError] = useState<string | null>(null);
  const [placing, setPlacing] = useState(false);
  const handler = useRef<CrwnPayHandler<HTMLButtonElement> | null>(null);
  // One idempotency key per opening of the widget: a retried or doubled request for the same
  // payment gives the same order, never a second charge.
  const attempt = useRef<Attempt | null>(null);

  const onToken = async (token: PaymentToken, args: PaymentTokenArgs) => {
    console.log(token); // The spec logs the token; it is the one-use id, never the card.
    const current = attempt.current;
    if (!current) return;
    setPlacing(true);
    setError(null);
    try {
      const { order, receipt } = await placeOrder({
        token: token.id,
        idempotencyKey: current.idempotencyKey,
        lines: current.lines,
        email: token.email,
        ...(args.billingAddress ? { billingAddress: args.billingAddress } : {}),
        ...(args.shippingAddress ? { shippingAddress: args.shippingAddress } : {}),
      });
      attempt.current = null;
      window.alert('Payment Successful!');
      dispatch(cartEmptied());
      void navigate(confirmationPath(order.id, receipt));
    } catch (failure) {
      console.warn('The order was not placed', failure);
      setError(
        `${failure instanceof Error ? failure.message : 'The payment did not go through.'} Your cart is unchanged.`,
      );
    } finally {
      setPlacing(false);
    }
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
          name: 'CRWN Clothing Ltd.',
          image: '/favicon.svg',
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

  const pay = () => {
    if (widgetState !== 'ready' || !handler.current || cartItems.length === 0 || placing) return;
    attempt.current = {
      idempotencyKey: crypto.randomUUID(),
      lines: cartItems.map(({ id, quantity }) => ({ id, quantity })),
    };
    handler.current.open({
      amount: total,
      description: `Your total is ${formatMoney(total)}`,
      ...(currentUser ? { email: currentUser.email } : {}),
    });
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
      <p id="pay-status" className="pay-now__status" role={error ? 'alert' : 'status'}>
        {error ??
          (widgetState === 'unavailable'
            ? 'Card payment is unavailable right now. Please try again later.'
            : placing
              ? 'Placing your order…'
              : cartItems.length === 0
                ? 'Add something to your cart to pay.'
                : '')}
      </p>
    </div>
  );
}
