import type { Kysely } from 'kysely';

/**
 * The local OpenID provider's state, so that any server can carry on a sign-in another began and
 * a restart keeps it (ADR 032). `local_oidc_payloads` holds what oidc-provider's adapter stores:
 * sessions, interactions, grants, codes and tokens, one JSON payload per model and id, with the
 * fields it is looked up by. `local_oidc_keys` holds the signing key, made once for every server.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('local_oidc_payloads')
    .addColumn('model', 'text', (col) => col.notNull())
    .addColumn('id', 'text', (col) => col.notNull())
    .addColumn('payload', 'text', (col) => col.notNull())
    .addColumn('grant_id', 'text')
    .addColumn('uid', 'text')
    .addColumn('user_code', 'text')
    // Epoch milliseconds; null for a model without an expiry.
    .addColumn('expires_at', 'bigint')
    // Epoch seconds, as oidc-provider reads `consumed`.
    .addColumn('consumed', 'bigint')
    .addPrimaryKeyConstraint('local_oidc_payloads_pk', ['model', 'id'])
    .execute();
  for (const column of ['grant_id', 'uid', 'user_code', 'expires_at'] as const) {
    await db.schema
      .createIndex(`local_oidc_payloads_${column}`)
      .on('local_oidc_payloads')
      .column(column)
      .execute();
  }
  await db.schema
    .createTable('local_oidc_keys')
    .addColumn('id', 'text', (col) => col.primaryKey())
    // A private JSON Web Key: the database is as secret as AUTH_SECRET.
    .addColumn('jwk', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
}
