import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { CardBrand } from '#shared/payment-cards.ts';
import type { Database } from '#server/platform/database/schema.ts';
import { DECLINE_MESSAGES, isDeclineCode, type DeclineCode } from './test-cards.ts';

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
  chargeToken(request: ChargeRequest, within: Kysely<Database>): Promise<ChargeResult>;
}

/** `prefix_` and `length` random base62-ish characters (URL-safe, unguessable). */
export function randomId(prefix: string, length = 32): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  // 248 is the largest multiple of 62 below 256: rejecting above it keeps every character equally likely.
  let id = '';
  while (id.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte < 248 && id.length < length) id += alphabet[byte % 62];
    }
  }
  return `${prefix}_${id}`;
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
      const previous = await within
        .selectFrom('payment_charges')
        .innerJoin('payment_tokens', 'payment_tokens.id', 'payment_charges.token_id')
        .select([
          'payment_charges.id',
          'payment_charges.token_id',
          'payment_charges.amount',
          'payment_charges.currency',
          'payment_tokens.brand',
          'payment_tokens.last4',
        ])
        .where('payment_charges.idempotency_key', '=', idempotencyKey)
        .executeTakeFirst();
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

      const stored = await within
        .selectFrom('payment_tokens')
        .selectAll()
        .where('id', '=', token)
        .executeTakeFirst();
      if (!stored) return fail('token_not_found', 'This card token is not known.');
      if (stored.used_at !== null) return fail('token_used', 'This card token was already used');
      if (isDeclineCode(stored.outcome)) {
        return fail(stored.outcome, DECLINE_MESSAGES[stored.outcome]);
      }

      const now = new Date().toISOString();
      const marked = await within
        .updateTable('payment_tokens')
        .set({ used_at: now })
        .where('id', '=', token)
        .where('used_at', 'is', null)
        .executeTakeFirst();
      if (marked.numUpdatedRows !== 1n) {
        return fail('token_used', 'This card token was already used');
      }
      const chargeId = randomId('ch', 24);
      await within
        .insertInto('payment_charges')
        .values({
          id: chargeId,
          token_id: token,
          amount,
          currency,
          idempotency_key: idempotencyKey,
          status: 'succeeded',
          created_at: now,
        })
        .execute();
      return {
        ok: true,
        chargeId,
        status: 'succeeded',
        card: { brand: stored.brand as CardBrand, last4: stored.last4 },
      };
    },
  };
}
