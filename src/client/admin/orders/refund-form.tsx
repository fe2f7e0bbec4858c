import { useEffect, useRef, useState, type FormEvent } from 'react';
import { callApi } from '#client/admin/api.ts';
import { formatMoney } from '#client/admin/format.ts';
import type { Order, RefundAnswer } from '#client/admin/types.ts';

/** A key per confirmed refund, so a doubled or retried request refunds once (ADR 047). */
const newKey = () => `refund-${crypto.randomUUID()}`;

/** The card a refund goes back to, as the order shows it. */
const cardOf = (order: Order) =>
  order.card ? `${order.card.brand} ending ${order.card.last4}` : 'the card that paid';

/** How many of each line can still be refunded. */
export const refundableLines = (order: Order) =>
  order.lines
    .map((line, index) => ({ line, index, left: line.quantity - (line.refundedQuantity ?? 0) }))
    .filter(({ left }) => left > 0);

/**
 * Refunds chosen lines and quantities: shows the amount, asks for a confirmation (focused, so a
 * keyboard user answers it at once), and keeps its idempotency key until the refund is made, so
 * sending again after a lost answer refunds once.
 */
export function RefundForm({
  order,
  onRefunded,
}: {
  order: Order;
  onRefunded: (answer: RefundAnswer, message: string) => void;
}) {
  const lines = refundableLines(order);
  const [quantities, setQuantities] = useState<Record<number, number>>({});
  const [restock, setRestock] = useState(true);
  const [reason, setReason] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // Kept while the same refund is asked for again; a change of the form makes a new one.
  const key = useRef<string | null>(null);

  const chosen = lines
    .map(({ line, index }) => ({ line, index, quantity: quantities[index] ?? 0 }))
    .filter(({ quantity }) => quantity > 0);
  const amount = chosen.reduce((sum, { line, quantity }) => sum + line.unitPrice * quantity, 0);

  const changed = () => {
    key.current = null;
    setConfirming(false);
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(null);
    if (chosen.length === 0) {
      setError('Choose how many of a line to refund.');
      return;
    }
    setConfirming(true);
  };

  const refund = async () => {
    key.current ??= newKey();
    setSending(true);
    setError(null);
    const result = await callApi<RefundAnswer>(`/orders/${encodeURIComponent(order.id)}/refunds`, {
      method: 'POST',
      body: {
        idempotencyKey: key.current,
        lines: chosen.map(({ index, quantity }) => ({ lineIndex: index, quantity })),
        restock,
        ...(reason.trim() ? { reason: reason.trim() } : {}),
      },
    });
    setSending(false);
    setConfirming(false);
    if (!result.ok) {
      // Kept only when the answer was lost (no answer, or the server failed): sending again
      // must not refund twice. A refusal (a 4xx, or the provider's 502) was final for this key.
      const { status } = result.error;
      if (status !== 0 && (status < 500 || status === 502)) key.current = null;
      setError(result.error.message);
      return;
    }
    key.current = null;
    setQuantities({});
    setReason('');
    const made = result.data.refund;
    onRefunded(
      result.data,
      made?.status === 'pending'
        ? `The refund of ${formatMoney(made.amount)} is waiting for the payment provider.`
        : `Refunded ${formatMoney(made?.amount ?? amount)} to ${cardOf(order)}.`,
    );
  };

  if (lines.length === 0) return <p>Everything in this order is refunded.</p>;
  return (
    <form className="stack" aria-labelledby="refund-heading" onSubmit={onSubmit}>
      <h3 id="refund-heading">Refund</h3>
      <fieldset className="stack">
        <legend>How many of each line to refund</legend>
        {lines.map(({ line, index, left }) => (
          <label key={index}>
            {line.name}
            {line.size ? `, size ${line.size}` : ''} ({left} of {line.quantity} left,{' '}
            {formatMoney(line.unitPrice)} each)
            <input
              type="number"
              inputMode="numeric"
              min={0}
              max={left}
              step={1}
              value={quantities[index] ?? 0}
              onChange={(event) => {
                const value = Math.trunc(Number(event.target.value));
                setQuantities({
                  ...quantities,
                  [index]: Number.isFinite(value) ? Math.min(Math.max(value, 0), left) : 0,
                });
                changed();
              }}
            />
          </label>
        ))}
      </fieldset>
      <label className="check">
        <input
          type="checkbox"
          checked={restock}
          onChange={(event) => {
            setRestock(event.target.checked);
            changed();
          }}
        />
        Put the items back in stock
      </label>
      <label>
        Reason (optional)
        <input
          name="reason"
          maxLength={500}
          value={reason}
          onChange={(event) => {
            setReason(event.target.value);
            changed();
          }}
        />
      </label>
      <p>
        Amount to refund: <strong>{formatMoney(amount)}</strong>
      </p>
      {confirming ? (
        <ConfirmStep
          label="Confirm the refund"
          question={`Refund ${formatMoney(amount)} to ${cardOf(order)}? This cannot be undone.`}
          confirm={sending ? 'Refunding…' : `Yes, refund ${formatMoney(amount)}`}
          back="Back"
          sending={sending}
          onConfirm={() => void refund()}
          onBack={() => setConfirming(false)}
        />
      ) : (
        <div>
          <button type="submit">Refund…</button>
        </div>
      )}
      <FormError error={error} />
    </form>
  );
}

/**
 * Cancels a paid order that has not shipped, after a confirmation that says what is refunded:
 * everything not refunded yet goes back to the card and its items back in stock.
 */
export function CancelOrder({
  order,
  onCancelled,
}: {
  order: Order;
  onCancelled: (answer: RefundAnswer, message: string) => void;
}) {
  const [confirming, setConfirming] = useState(false);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const left = order.total - order.refundedTotal;

  const cancel = async () => {
    setSending(true);
    setError(null);
    const result = await callApi<RefundAnswer>(`/orders/${encodeURIComponent(order.id)}/cancel`, {
      method: 'POST',
      body: {},
    });
    setSending(false);
    setConfirming(false);
    if (!result.ok) {
      setError(result.error.message);
      return;
    }
    onCancelled(
      result.data,
      result.data.refund?.status === 'pending'
        ? 'The order is cancelled; its refund is waiting for the payment provider.'
        : `The order is cancelled${result.data.refund ? ` and ${formatMoney(result.data.refund.amount)} refunded` : ''}.`,
    );
  };

  return (
    <div className="stack">
      {confirming ? (
        <ConfirmStep
          label="Confirm the cancellation"
          question={`Cancel this order? ${formatMoney(left)} goes back to ${cardOf(order)} and its items back in stock. This cannot be undone.`}
          confirm={sending ? 'Cancelling…' : 'Yes, cancel the order'}
          back="Keep the order"
          sending={sending}
          onConfirm={() => void cancel()}
          onBack={() => setConfirming(false)}
        />
      ) : (
        <div>
          <button type="button" onClick={() => setConfirming(true)}>
            Cancel order…
          </button>
        </div>
      )}
      <FormError error={error} />
    </div>
  );
}

/** A form's error, read out as it appears. */
export function FormError({ error }: { error: string | null }) {
  return error ? (
    <p role="alert" className="error">
      {error}
    </p>
  ) : null;
}

/**
 * The second step of an action that cannot be undone: the question and its two answers, the
 * confirming one focused as it appears, so a keyboard user answers it at once.
 */
function ConfirmStep(props: {
  label: string;
  question: string;
  confirm: string;
  back: string;
  sending: boolean;
  onConfirm: () => void;
  onBack: () => void;
}) {
  const confirmButton = useRef<HTMLButtonElement>(null);
  useEffect(() => confirmButton.current?.focus(), []);
  return (
    <div className="actions" role="group" aria-label={props.label}>
      <span>{props.question}</span>
      <button
        ref={confirmButton}
        type="button"
        disabled={props.sending}
        aria-busy={props.sending}
        onClick={props.onConfirm}
      >
        {props.confirm}
      </button>
      <button type="button" className="secondary" onClick={props.onBack}>
        {props.back}
      </button>
    </div>
  );
}
