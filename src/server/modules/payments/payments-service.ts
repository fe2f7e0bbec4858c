import type { CardBrand } from '#shared/payment-cards.ts';
import type { PaymentToken } from '#shared/payment-widget.ts';
import type { Db } from '#server/platform/database/transaction.ts';
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

export type ChargeResult =
  | {
      ok: true;
      chargeId: string;
      status: 'succeeded';
      /** The card as the widget showed it, for the receipt. */
      card: { brand: CardBrand; last4: string };
    }
  | { ok: false; code: ChargeFailureCode; message: string };

/**
 * The one thing the shop needs from a card payment provider: charge a token once for an amount.
 * Kept this narrow so a real provider's client (Stripe's `charges.create` or PaymentIntents) can
 * implement it; see ADR 011 for how the one-transaction guarantee changes then.
 */
export interface PaymentProvider {
  /**
   * Charges `request.token` once. `within` is the database connection of the caller's open
   * transaction: the local provider writes its charge there, so the charge and the order commit
   * or roll back together. A remote provider ignores it.
   *
   * Warning: on SQLite, Kysely has one connection; inside the caller's transaction use only
   * `within`, never the root Kysely instance, or the call waits for itself forever.
   */
  chargeToken(request: ChargeRequest, within: Db): Promise<ChargeResult>;
}

const fail = (code: ChargeFailureCode, message: string): ChargeResult => ({
  ok: false,
  code,
  message,
});

/**
 * The test-mode provider's charges, against its token store in the shop's own database (see
 * payment-provider-plugin.ts for the widget and the tokens).
 */
export function createLocalPaymentProvider(): PaymentProvider {
  return {
    async chargeToken({ token, amount, currency, idempotencyKey }, within) {
      if (!Number.isSafeInteger(amount) || amount <= 0) {
        return fail('invalid_amount', 'The amount must be a positive number of cents.');
      }
      const previous = await paymentRepository.findChargeByIdempotencyKey(within, idempotencyKey);
      if (previous) {
        if (
          previous.token_id !== token ||
          previous.amount !== amount ||
          previous.currency !== currency
        ) {
          return fail('idempotency_conflict', 'This idempotency key was used for another charge.');
        }
        return {
          ok: true,
          chargeId: previous.id,
          status: 'succeeded',
          card: { brand: previous.brand as CardBrand, last4: previous.last4 },
        };
      }

      const stored = await paymentRepository.findToken(within, token);
      if (!stored) return fail('token_not_found', 'This card token is not known.');
      if (stored.used_at !== null) return fail('token_used', 'This card token was already used');
      if (isDeclineCode(stored.outcome)) {
        return fail(stored.outcome, DECLINE_MESSAGES[stored.outcome]);
      }

      const now = new Date().toISOString();
      if (!(await paymentRepository.markTokenUsed(within, token, now))) {
        return fail('token_used', 'This card token was already used');
      }
      const chargeId = randomId('ch', 24);
      await paymentRepository.insertCharge(within, {
        id: chargeId,
        tokenId: token,
        amount,
        currency,
        idempotencyKey,
        createdAt: now,
      });
      return {
        ok: true,
        chargeId,
        status: 'succeeded',
        card: { brand: stored.brand as CardBrand, last4: stored.last4 },
      };
    },
  };
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
