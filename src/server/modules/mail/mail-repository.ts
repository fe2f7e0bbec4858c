import { sql } from 'kysely';
import { isPostgres } from '#server/platform/database/database.ts';
import type { Db } from '#server/platform/database/transaction.ts';
import type { MailOutboxTable } from '#server/platform/database/schema.ts';

export type MailRow = Pick<
  MailOutboxTable,
  'id' | 'event_key' | 'recipient' | 'subject' | 'html' | 'text' | 'status' | 'next_attempt_at'
> & { attempts: number; created_at: string; finished_at: string | null };

const COLUMNS = [
  'id',
  'event_key',
  'recipient',
  'subject',
  'html',
  'text',
  'status',
  'attempts',
  'next_attempt_at',
  'created_at',
  'finished_at',
] as const;

export interface NewMail {
  id: string;
  eventKey: string;
  recipient: string;
  subject: string;
  html: string;
  text: string;
  now: number;
}

/** The only code that touches `mail_outbox`. */
export const mailRepository = {
  /** Queues `mail` unless its event already queued one; true when this call queued it. */
  async enqueue(db: Db, mail: NewMail): Promise<boolean> {
    const result = await db
      .insertInto('mail_outbox')
      .values({
        id: mail.id,
        event_key: mail.eventKey,
        recipient: mail.recipient,
        subject: mail.subject,
        html: mail.html,
        text: mail.text,
        status: 'queued',
        next_attempt_at: mail.now,
        lease_owner: null,
        lease_until: null,
        last_error: null,
        created_at: new Date(mail.now).toISOString(),
        finished_at: null,
      })
      .onConflict((conflict) => conflict.column('event_key').doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
  },

  /**
   * Takes up to `limit` due rows for `owner` until `leaseUntil`, counting an attempt on each. On
   * PostgreSQL rows another worker is taking are skipped (FOR UPDATE SKIP LOCKED); on SQLite each
   * row is taken by an update that holds only while its lease is still free, so of two workers
   * one wins each row.
   */
  async claim(
    db: Db,
    {
      owner,
      now,
      leaseUntil,
      limit,
    }: { owner: string; now: number; leaseUntil: number; limit: number },
  ): Promise<MailRow[]> {
    if (isPostgres(db)) {
      const { rows } = await sql<MailRow>`
        update mail_outbox set lease_owner = ${owner}, lease_until = ${leaseUntil},
          attempts = attempts + 1
        where id in (
          select id from mail_outbox
          where status = 'queued' and next_attempt_at <= ${now}
            and (lease_until is null or lease_until < ${now})
          order by next_attempt_at
          limit ${limit}
          for update skip locked
        )
        returning ${sql.join(COLUMNS.map((column) => sql.ref(column)))}`.execute(db);
      return rows;
    }
    const due = await db
      .selectFrom('mail_outbox')
      .select('id')
      .where('status', '=', 'queued')
      .where('next_attempt_at', '<=', now)
      .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', now)]))
      .orderBy('next_attempt_at')
      .limit(limit)
      .execute();
    const claimed: MailRow[] = [];
    for (const { id } of due) {
      const row = await db
        .updateTable('mail_outbox')
        .set((eb) => ({
          lease_owner: owner,
          lease_until: leaseUntil,
          attempts: eb('attempts', '+', 1),
        }))
        .where('id', '=', id)
        .where('status', '=', 'queued')
        .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', now)]))
        .returning(COLUMNS)
        .executeTakeFirst();
      if (row) claimed.push(row);
    }
    return claimed;
  },

  /** Ends a claimed row as sent or kept; only its lease holder may. */
  async finish(db: Db, id: string, owner: string, status: 'sent' | 'kept', now: number) {
    await db
      .updateTable('mail_outbox')
      .set({
        status,
        lease_owner: null,
        lease_until: null,
        finished_at: new Date(now).toISOString(),
      })
      .where('id', '=', id)
      .where('lease_owner', '=', owner)
      .execute();
  },

  /** Gives a claimed row back to be tried at `retryAt`, or marks it failed when `retryAt` is null. */
  async release(
    db: Db,
    id: string,
    owner: string,
    { retryAt, error, now }: { retryAt: number | null; error: string; now: number },
  ) {
    await db
      .updateTable('mail_outbox')
      .set({
        status: retryAt === null ? 'failed' : 'queued',
        next_attempt_at: retryAt ?? now,
        lease_owner: null,
        lease_until: null,
        last_error: error.slice(0, 500),
        finished_at: retryAt === null ? new Date(now).toISOString() : null,
      })
      .where('id', '=', id)
      .where('lease_owner', '=', owner)
      .execute();
  },

  /** The newest emails, for the outbox page. */
  latest: (db: Db, limit: number): Promise<MailRow[]> =>
    db
      .selectFrom('mail_outbox')
      .select(COLUMNS)
      .orderBy('created_at', 'desc')
      .limit(limit)
      .execute(),

  /** Removes every email to `recipient` that is not on its way (a deleted account's). */
  async forgetRecipient(db: Db, recipient: string): Promise<void> {
    await db
      .deleteFrom('mail_outbox')
      .where('recipient', '=', recipient)
      .where('status', '!=', 'queued')
      .execute();
  },

  find: (db: Db, eventKey: string): Promise<MailRow | undefined> =>
    db
      .selectFrom('mail_outbox')
      .select(COLUMNS)
      .where('event_key', '=', eventKey)
      .executeTakeFirst(),
};
