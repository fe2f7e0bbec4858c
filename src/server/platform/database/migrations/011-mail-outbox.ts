import { sql, type Kysely } from 'kysely';

/**
 * The mail queue and the shop's own outbox (ADR 038): one row per email, queued by the request
 * that caused it and sent (or, without SMTP_URL, kept) by a worker on any server. `event_key` is
 * unique, so one event (an order's confirmation, a reset request) queues its email once however
 * many requests or servers report it. A worker claims a row by setting `lease_until` (epoch
 * milliseconds); another worker takes it only once the lease has run out.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('mail_outbox')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('event_key', 'text', (col) => col.notNull().unique())
    .addColumn('recipient', 'text', (col) => col.notNull())
    .addColumn('subject', 'text', (col) => col.notNull())
    .addColumn('html', 'text', (col) => col.notNull())
    .addColumn('text', 'text', (col) => col.notNull())
    .addColumn('status', 'text', (col) =>
      col.notNull().check(sql`status in ('queued', 'sent', 'kept', 'failed')`),
    )
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'bigint', (col) => col.notNull())
    .addColumn('lease_owner', 'text')
    .addColumn('lease_until', 'bigint')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('finished_at', 'text')
    .execute();
  await db.schema
    .createIndex('mail_outbox_due')
    .on('mail_outbox')
    .columns(['status', 'next_attempt_at'])
    .execute();
}
