import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Db } from '#server/platform/database/transaction.ts';
import type { AccountTokensTable } from '#server/platform/database/schema.ts';

export type TokenPurpose = AccountTokensTable['purpose'];

/** What a used link stands for: whose account, and the address it was sent to. */
export interface UsedToken {
  userId: string;
  email: string;
}

const sha256 = (text: string) => createHash('sha256').update(text).digest();

/** `<id>.<secret>`: both base64url, 16 and 32 random bytes. */
const TOKEN = /^([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{43})$/;

/**
 * One-use links (migration 013). The link carries an id to find its row and a secret of which
 * only the SHA-256 is stored, compared in constant time; the row is used by setting `used_at`
 * where it is still null, so of two requests racing with one link exactly one succeeds.
 */
export const accountTokenRepository = {
  /**
   * A new link for `purpose`; the account's earlier unused links for it stop working, so only
   * the newest email's link opens anything.
   */
  async issue(
    db: Db,
    {
      purpose,
      userId,
      email,
      ttlMs,
      now,
    }: { purpose: TokenPurpose; userId: string; email: string; ttlMs: number; now: number },
  ): Promise<{ id: string; token: string }> {
    const id = randomBytes(16).toString('base64url');
    const secret = randomBytes(32).toString('base64url');
    await db
      .deleteFrom('account_tokens')
      .where('user_id', '=', userId)
      .where('purpose', '=', purpose)
      .execute();
    await db
      .insertInto('account_tokens')
      .values({
        id,
        purpose,
        user_id: userId,
        email,
        secret_hash: sha256(secret).toString('hex'),
        expires_at: now + ttlMs,
        used_at: null,
        created_at: now,
      })
      .execute();
    return { id, token: `${id}.${secret}` };
  },

  /** Uses the link once: its account and address, or null when it is unknown, used or expired. */
  async use(db: Db, purpose: TokenPurpose, token: string, now: number): Promise<UsedToken | null> {
    const parts = TOKEN.exec(token);
    if (!parts) return null;
    const [, id, secret] = parts as unknown as [string, string, string];
    const row = await db
      .selectFrom('account_tokens')
      .selectAll()
      .where('id', '=', id)
      .where('purpose', '=', purpose)
      .executeTakeFirst();
    if (!row || row.used_at !== null || row.expires_at <= now) return null;
    if (!timingSafeEqual(sha256(secret), Buffer.from(row.secret_hash, 'hex'))) return null;
    const taken = await db
      .updateTable('account_tokens')
      .set({ used_at: now })
      .where('id', '=', id)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    if (Number(taken.numUpdatedRows) !== 1) return null;
    return { userId: row.user_id, email: row.email };
  },

  /** The address of the account's newest unused, unexpired link for `purpose`, if any. */
  async pending(
    db: Db,
    userId: string,
    purpose: TokenPurpose,
    now: number,
  ): Promise<string | null> {
    const row = await db
      .selectFrom('account_tokens')
      .select('email')
      .where('user_id', '=', userId)
      .where('purpose', '=', purpose)
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .orderBy('created_at', 'desc')
      .executeTakeFirst();
    return row?.email ?? null;
  },

  /** Every link of the account (when it is deleted, or its password reset). */
  async removeAll(db: Db, userId: string, purpose?: TokenPurpose): Promise<void> {
    let query = db.deleteFrom('account_tokens').where('user_id', '=', userId);
    if (purpose) query = query.where('purpose', '=', purpose);
    await query.execute();
  },
};
