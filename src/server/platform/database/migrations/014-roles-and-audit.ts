import type { Kysely } from 'kysely';

/**
 * Who may use the back office (issue 14), and what was done there. An account without a row in
 * `account_roles` is a shopper; `staff` and `owner` are granted (the first owner by a command, the
 * others by an owner). `audit_log` keeps every back-office change: who, when, what, and the
 * subject's state before and after, as JSON.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('account_roles')
    .addColumn('user_id', 'text', (col) => col.primaryKey())
    .addColumn('role', 'text', (col) => col.notNull())
    .addColumn('granted_by', 'text')
    .addColumn('granted_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createTable('audit_log')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('actor_id', 'text')
    .addColumn('actor_email', 'text', (col) => col.notNull())
    .addColumn('action', 'text', (col) => col.notNull())
    .addColumn('subject', 'text', (col) => col.notNull())
    .addColumn('before', 'text')
    .addColumn('after', 'text')
    .addColumn('at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('audit_log_at').on('audit_log').column('at').execute();
}
