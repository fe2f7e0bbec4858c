import type { Kysely } from 'kysely';

/**
 * One-use links sent by email (issue 15): a password reset, an address to verify, a new address
 * to confirm. A link carries `<id>.<secret>`; only the secret's SHA-256 is kept, so a copy of the
 * database opens no account. `used_at` is set by the one request that uses the link. `email` is
 * the address the link was sent to (the new one, for a change of address).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('account_tokens')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('purpose', 'text', (col) => col.notNull())
    .addColumn('user_id', 'text', (col) => col.notNull())
    .addColumn('email', 'text', (col) => col.notNull())
    .addColumn('secret_hash', 'text', (col) => col.notNull())
    .addColumn('expires_at', 'bigint', (col) => col.notNull())
    .addColumn('used_at', 'bigint')
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('account_tokens_user')
    .on('account_tokens')
    .columns(['user_id', 'purpose'])
    .execute();
}
