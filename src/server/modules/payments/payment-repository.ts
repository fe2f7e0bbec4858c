import type { Db } from '#server/platform/database/transaction.ts';

/** A card token as stored: never the number or the CVC. */
export interface NewToken {
  id: string;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
  /** What charging it will do: 'succeeded' or a decline code. */
  outcome: string;
  createdAt: string;
}

/**
 * The test-mode provider's tokens and charges. Every function takes the handle to use, so a
 * charge can be written inside the caller's transaction.
 */
export const paymentRepository = {
  async insertToken(db: Db, token: NewToken): Promise<void> {
    await db
      .insertInto('payment_tokens')
      .values({
        id: token.id,
        brand: token.brand,
        last4: token.last4,
        exp_month: token.expMonth,
        exp_year: token.expYear,
        outcome: token.outcome,
        created_at: token.createdAt,
        used_at: null,
      })
      .execute();
  },

  findToken(db: Db, id: string) {
    return db.selectFrom('payment_tokens').selectAll().where('id', '=', id).executeTakeFirst();
  },

  /** Marks the token used unless it already was; true when this call marked it. */
  async markTokenUsed(db: Db, id: string, at: string): Promise<boolean> {
    const marked = await db
      .updateTable('payment_tokens')
      .set({ used_at: at })
      .where('id', '=', id)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    return marked.numUpdatedRows === 1n;
  },

  /** The charge made with this idempotency key, with its token's card, if any. */
  findChargeByIdempotencyKey(db: Db, key: string) {
    return db
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
      .where('payment_charges.idempotency_key', '=', key)
      .executeTakeFirst();
  },

  async insertCharge(
    db: Db,
    charge: {
      id: string;
      tokenId: string;
      amount: number;
      currency: string;
      idempotencyKey: string;
      createdAt: string;
    },
  ): Promise<void> {
    await db
      .insertInto('payment_charges')
      .values({
        id: charge.id,
        token_id: charge.tokenId,
        amount: charge.amount,
        currency: charge.currency,
        idempotency_key: charge.idempotencyKey,
        status: 'succeeded',
        created_at: charge.createdAt,
      })
      .execute();
  },

  /** A charge by id, for refunding it. */
  findCharge(db: Db, id: string) {
    return db
      .selectFrom('payment_charges')
      .select(['id', 'amount', 'currency'])
      .where('id', '=', id)
      .executeTakeFirst();
  },

  /** The refund made under this idempotency key, if any. */
  findRefundByIdempotencyKey(db: Db, key: string) {
    return db
      .selectFrom('payment_refunds')
      .selectAll()
      .where('idempotency_key', '=', key)
      .executeTakeFirst();
  },

  /** Cents refunded of a charge so far. */
  async refundedOf(db: Db, chargeId: string): Promise<number> {
    const row = await db
      .selectFrom('payment_refunds')
      .select((eb) => eb.fn.sum<number | string | null>('amount').as('refunded'))
      .where('charge_id', '=', chargeId)
      .executeTakeFirst();
    return Number(row?.refunded ?? 0);
  },

  async insertRefund(
    db: Db,
    refund: {
      id: string;
      chargeId: string;
      amount: number;
      currency: string;
      lines: string;
      reason: string | null;
      idempotencyKey: string;
      createdAt: string;
    },
  ): Promise<void> {
    await db
      .insertInto('payment_refunds')
      .values({
        id: refund.id,
        charge_id: refund.chargeId,
        amount: refund.amount,
        currency: refund.currency,
        lines: refund.lines,
        reason: refund.reason,
        idempotency_key: refund.idempotencyKey,
        status: 'succeeded',
        created_at: refund.createdAt,
      })
      .execute();
  },
};
