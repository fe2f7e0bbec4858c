import type { CardBrand } from '#shared/payment-cards.ts';
import type { PaymentToken } from '#shared/payment-widget.ts';
import {
  inWriteTransaction,
  isUniqueViolation,
  type Db,
} from '#server/platform/database/transaction.ts';
import { randomId } from '#server/platform/ids.ts';
import { paymentRepository } from './payment-repository.ts';
import {
  DECLINE_MESSAGES,
  isDeclineCode,
  testCardOutcome,
  type DeclineCode,
} from './test-cards.ts';

/** What the shop asks the provider to charge. */
export interface ChargeRequest {
  /** The token the widget handed to the page. */
  token: string;
  /** Integer cents, computed by the shop, never taken from the browser. */
  amount: number;
  currency: string;
  /** The order's idempotency key: the provider never charges twice for one key. */
  idempotencyKey: string;
}

export type ChargeFailureCode =
  DeclineCode | 'token_not_found' | 'token_used' | 'idempotency_conflict' | 'invalid_amount';

/** A charge the provider made: its id and the card, as the widget showed it, for the receipt. */
export interface MadeCharge {
  chargeId: string;
  status: 'succeeded';
  card: { brand: CardBrand; last4: string };
}

export type ChargeResult =
  ({ ok: true } & MadeCharge) | { ok: false; code: ChargeFailureCode; message: string };

/**
 * The one thing the shop needs from a card payment provider: charge a token once for an amount,
 * and say later what was charged under a key. Kept this narrow so a real provider's client
 * (Stripe's PaymentIntents with an idempotency key) can implement it. The shop calls it outside
 * any database transaction (ADR 030).
 */
export interface PaymentProvider {
  /**
   * Charges `request.token` once per idempotency key: calls with a key already charged, one
   * after another or at the same time, all get that one charge back. A failure (a decline, an
   * unknown or used token) means nothing was charged under the key.
   */
  chargeToken(request: ChargeRequest): Promise<ChargeResult>;
  /** The charge made under `idempotencyKey`, if any: how a request that died is settled. */
  findCharge(idempotencyKey: string): Promise<MadeCharge | undefined>;
  /**
   * Refunds `request.amount` of a charge once per idempotency key: calls with a key already
   * used, one after another or at the same time, all get that one refund back. Never more than
   * was charged in all. A real provider may answer `pending` (Stripe settles refunds later, and
   * some fail): ask `findRefund` until it is `succeeded` or `failed`. A refusal (`ok: false`)
   * means nothing was refunded under the key (ADR 047).
   */
  refund(request: RefundRequest): Promise<RefundResult>;
  /** The refund made under `idempotencyKey`, in its state now, if any. */
  findRefund(idempotencyKey: string): Promise<MadeRefund | undefined>;
}

/** What the shop asks the provider to refund of a charge. */
export interface RefundRequest {
  chargeId: string;
  /** Integer cents, computed by the shop from the order's lines. */
  amount: number;
  currency: string;
  /** The shop's refund id: the provider never refunds twice for one key. */
  idempotencyKey: string;
  /** What the refund is for (kept with it as the provider keeps metadata). */
  lines: readonly { position: number; quantity: number; amount: number }[];
  reason?: string | undefined;
}

export type RefundFailureCode =
  'charge_not_found' | 'exceeds_charge' | 'idempotency_conflict' | 'invalid_amount';

/** A refund the provider accepted, in its state now. */
export interface MadeRefund {
  refundId: string;
  status: 'pending' | 'succeeded' | 'failed';
  amount: number;
  /** Why it failed, for a failed refund. */
  failure?: string;
}

export type RefundResult =
  ({ ok: true } & MadeRefund) | { ok: false; code: RefundFailureCode; message: string };

const fail = (code: ChargeFailureCode, message: string): ChargeResult => ({
  ok: false,
  code,
  message,
});

const madeCharge = (charge: { id: string; brand: string; last4: string }): MadeCharge => ({
  chargeId: charge.id,
  status: 'succeeded',
  card: { brand: charge.brand as CardBrand, last4: charge.last4 },
});

/** One attempt at a charge, in a short transaction of the provider's own. */
async function chargeOnce(
  db: Db,
  { token, amount, currency, idempotencyKey }: ChargeRequest,
): Promise<ChargeResult> {
  const scopes = [`charge-key:${idempotencyKey}`, `token:${token}`];
  return inWriteTransaction(db, scopes, async (connection) => {
    const previous = await paymentRepository.findChargeByIdempotencyKey(connection, idempotencyKey);
    if (previous) {
      const same =
        previous.token_id === token && previous.amount === amount && previous.currency === currency;
      return {
        commit: false,
        result: same
          ? { ok: true, ...madeCharge(previous) }
          : fail('idempotency_conflict', 'This idempotency key was used for another charge.'),
      };
    }
    const stored = await paymentRepository.findToken(connection, token);
    if (!stored) {
      return { commit: false, result: fail('token_not_found', 'This card token is not known.') };
    }
    if (stored.used_at !== null) {
      return { commit: false, result: fail('token_used', 'This card token was already used') };
    }
    if (isDeclineCode(stored.outcome)) {
      return { commit: false, result: fail(stored.outcome, DECLINE_MESSAGES[stored.outcome]) };
    }
    const now = new Date().toISOString();
    // Within the transaction no one else can have marked it, but the guard costs nothing.
    if (!(await paymentRepository.markTokenUsed(connection, token, now))) {
      return { commit: false, result: fail('token_used', 'This card token was already used') };
    }
    const chargeId = randomId('ch', 24);
    await paymentRepository.insertCharge(connection, {
      id: chargeId,
      tokenId: token,
      amount,
      currency,
      idempotencyKey,
      createdAt: now,
    });
    return {
      commit: true,
      result: {
        ok: true,
        ...madeCharge({ id: chargeId, brand: stored.brand, last4: stored.last4 }),
      },
    };
  });
}

/**
 * The test-mode provider's charges, against its token store in the shop's database (see
 * payments-routes.ts for the widget and the tokens). Each charge is its own short transaction,
 * never the caller's. Unique keys decide races between servers: one idempotency key has one
 * charge, one token at most one charge.
 */
export function createLocalPaymentProvider(db: Db): PaymentProvider {
  return {
    async chargeToken(request) {
      if (!Number.isSafeInteger(request.amount) || request.amount <= 0) {
        return fail('invalid_amount', 'The amount must be a positive number of cents.');
      }
      try {
        return await chargeOnce(db, request);
      } catch (error) {
        // Another server charged this key between our look-up and our insert: read its charge.
        if (!isUniqueViolation(error)) throw error;
        return chargeOnce(db, request);
      }
    },

    async findCharge(idempotencyKey) {
      const charge = await paymentRepository.findChargeByIdempotencyKey(db, idempotencyKey);
      return charge && madeCharge(charge);
    },

    async refund(request) {
      if (!Number.isSafeInteger(request.amount) || request.amount <= 0) {
        return refusal('invalid_amount', 'The amount must be a positive number of cents.');
      }
      try {
        return await refundOnce(db, request);
      } catch (error) {
        // Another server refunded this key between our look-up and our insert: read its refund.
        if (!isUniqueViolation(error)) throw error;
        return refundOnce(db, request);
      }
    },

    async findRefund(idempotencyKey) {
      const refund = await paymentRepository.findRefundByIdempotencyKey(db, idempotencyKey);
      return refund && { refundId: refund.id, status: refund.status, amount: refund.amount };
    },
  };
}

const refusal = (code: RefundFailureCode, message: string): RefundResult => ({
  ok: false,
  code,
  message,
});

/**
 * One attempt at a refund, in a short transaction of the provider's own, scoped by the charge
 * (so two refunds of one charge, from any server, are summed one after the other) and the key.
 * The test-mode provider settles at once: its refunds are `succeeded` when made.
 */
async function refundOnce(db: Db, request: RefundRequest): Promise<RefundResult> {
  const { chargeId, amount, currency, idempotencyKey } = request;
  const scopes = [`charge:${chargeId}`, `refund-key:${idempotencyKey}`];
  return inWriteTransaction(db, scopes, async (connection) => {
    const previous = await paymentRepository.findRefundByIdempotencyKey(connection, idempotencyKey);
    if (previous) {
      const same =
        previous.charge_id === chargeId &&
        previous.amount === amount &&
        previous.currency === currency;
      return {
        commit: false,
        result: same
          ? { ok: true, refundId: previous.id, status: previous.status, amount: previous.amount }
          : refusal('idempotency_conflict', 'This idempotency key was used for another refund.'),
      };
    }
    const charge = await paymentRepository.findCharge(connection, chargeId);
    if (!charge || charge.currency !== currency) {
      return { commit: false, result: refusal('charge_not_found', 'This charge is not known.') };
    }
    const refunded = await paymentRepository.refundedOf(connection, chargeId);
    if (refunded + amount > charge.amount) {
      return {
        commit: false,
        result: refusal(
          'exceeds_charge',
          `Only ${charge.amount - refunded} cents of this charge are left to refund.`,
        ),
      };
    }
    const refundId = randomId('re', 24);
    await paymentRepository.insertRefund(connection, {
      id: refundId,
      chargeId,
      amount,
      currency,
      lines: JSON.stringify(request.lines),
      reason: request.reason ?? null,
      idempotencyKey,
      createdAt: new Date().toISOString(),
    });
    return { commit: true, result: { ok: true, refundId, status: 'succeeded', amount } };
  });
}

export type IssueTokenResult =
  { ok: true; token: PaymentToken } | { ok: false; code: DeclineCode; message: string };

/**
 * Turns a checked card into a one-use token. A card the issuer would decline at once is refused
 * here (nothing stored); otherwise only brand, last four digits, expiry and the test outcome are
 * kept: never the number or the CVC.
 */
async function issueToken(
  db: Db,
  card: { digits: string; brand: CardBrand; expMonth: number; expYear: number },
  email: string,
): Promise<IssueTokenResult> {
  const outcome = testCardOutcome(card.digits);
  if (outcome.atToken) {
    return { ok: false, code: outcome.atToken, message: DECLINE_MESSAGES[outcome.atToken] };
  }
  const token: PaymentToken = {
    id: randomId('tok', 32),
    object: 'token',
    card: {
      brand: card.brand,
      last4: card.digits.slice(-4),
      expMonth: card.expMonth,
      expYear: card.expYear,
    },
    email,
    created: new Date().toISOString(),
  };
  await paymentRepository.insertToken(db, {
    id: token.id,
    brand: card.brand,
    last4: token.card.last4,
    expMonth: card.expMonth,
    expYear: card.expYear,
    outcome: outcome.atCharge ?? 'succeeded',
    createdAt: token.created,
  });
  return { ok: true, token };
}

/** The test-mode provider's own side: the tokens its widget asks for. */
export function createPaymentService(db: Db) {
  return {
    issueToken: (
      card: { digits: string; brand: CardBrand; expMonth: number; expYear: number },
      email: string,
    ) => issueToken(db, card, email),
  };
}

export type PaymentService = ReturnType<typeof createPaymentService>;
